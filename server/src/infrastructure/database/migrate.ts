import { DataSource } from 'typeorm';
import { databaseUrlFromEnvironment } from '../../config/app-config';
import { dataSourceOptions } from './data-source-options';

/** Arbitrary but fixed: replicas starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 7_262_024;

/** Runs pending migrations under a PostgreSQL advisory lock, so concurrent replicas do not race. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/** `npm run migrate -w server`: migrate the database named by DATABASE_URL and exit. */
async function main() {
  const url = databaseUrlFromEnvironment();
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  const applied = await runMigrations(dataSource);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date');
  await dataSource.destroy();
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
