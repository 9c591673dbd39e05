import { DataSource } from 'typeorm';
import { createDatabase, dropDatabase } from '../../scripts/lib/databases.cjs';
import { dataSourceOptions } from '../src/infrastructure/database/data-source-options';
import { revertLastMigration, runMigrations } from '../src/infrastructure/database/migrate';

/**
 * Rolling back a faulty migration (docs/runbook.md, "Rolling back"): `migrate.js --revert` runs
 * the last migration's `down` and forgets it, so the next start applies it again. On a database
 * of its own: the run's database is shared by the other suites.
 */
describe('reverting the last migration', () => {
  const adminUrl = process.env.MAZAD_TEST_DATABASE_URL!;
  let database: { name: string; url: string };
  let dataSource: DataSource;
  const appliedNames = async () =>
    ((await dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((r) => r.name);

  beforeAll(async () => {
    database = await createDatabase(adminUrl, { prefix: 'mazad_revert' });
    dataSource = await new DataSource(dataSourceOptions(database.url, 2)).initialize();
    await runMigrations(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropDatabase(adminUrl, database.name);
  });

  it('undoes the last migration only, and the next run applies it again', async () => {
    const before = await appliedNames();
    const last = before.at(-1);
    expect(await revertLastMigration(dataSource)).toBe(last);
    expect(await appliedNames()).toEqual(before.slice(0, -1));
    expect(await runMigrations(dataSource)).toEqual([last]);
    expect(await appliedNames()).toEqual(before);
  });

  it('every migration can be undone, down to an empty schema, and applied again', async () => {
    const all = await appliedNames();
    for (const name of [...all].reverse()) expect(await revertLastMigration(dataSource)).toBe(name);
    expect(await revertLastMigration(dataSource)).toBeUndefined();
    const tables = (await dataSource.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
    )) as unknown[];
    expect(tables).toEqual([]);
    expect(await runMigrations(dataSource)).toEqual(all);
  });
});
