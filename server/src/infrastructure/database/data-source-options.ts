import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** Connection options shared by the application and the standalone migration command. */
export function dataSourceOptions(databaseUrl: string, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    synchronize: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // TypeORM prints queries and their parameters itself when logging is on: never. Failed queries
    // reach the logs as errors, through the redacting serialiser (infrastructure/logging/redact.ts).
    logging: false,
    // Bids are written through short transactions; a larger pool lets reads proceed beside them.
    // DATABASE_POOL_SIZE (20): replicas × pool must stay under PostgreSQL's max_connections.
    extra: { max: poolSize, application_name: 'mazad' },
  };
}
