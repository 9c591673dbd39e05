import { DataSource } from 'typeorm';
import { databaseUrlFromEnvironment } from '../../config/app-config';
import { dataSourceOptions } from './data-source-options';

/** Arbitrary but fixed: replicas starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 7_262_024;

/** Runs `work` under a PostgreSQL advisory lock, so replicas (and an operator's command) take turns. */
async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/** Runs pending migrations under the lock, so concurrent replicas do not race. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  return withMigrationLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  });
}

/**
 * Undoes the last applied migration (its `down`), under the same lock; its name, or undefined
 * when none was applied. For rolling back a faulty migration (docs/runbook.md, "Rolling back").
 */
export async function revertLastMigration(dataSource: DataSource): Promise<string | undefined> {
  return withMigrationLock(dataSource, async () => {
    const [last] = (await dataSource.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`)) as {
      name: string;
    }[];
    if (!last) return undefined;
    await dataSource.undoLastMigration({ transaction: 'each' });
    return last.name;
  });
}

/**
 * `npm run migrate -w server`: migrate the database named by DATABASE_URL and exit.
 * `npm run migrate -w server -- --revert` (in the image: `node server/dist/infrastructure/database/migrate.js
 * --revert`): undo the last migration instead.
 */
async function main() {
  const url = databaseUrlFromEnvironment();
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  if (process.argv.includes('--revert')) {
    const reverted = await revertLastMigration(dataSource);
    console.log(reverted ? `Reverted migration: ${reverted}` : 'No migration to revert');
  } else {
    const applied = await runMigrations(dataSource);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date');
  }
  await dataSource.destroy();
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
