import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Metrics } from './metrics';

/**
 * mazad_db_pool_connections, read at scrape time from the pg Pool behind TypeORM (its
 * DATABASE_POOL_SIZE connections at most): `in_use` are checked out, `idle` are open and
 * free, `waiting` are queries queued for a connection (the pool is exhausted when it grows).
 */
@Injectable()
export class DbPoolMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    const gauge = this.metrics.dbPoolConnections;
    this.metrics.onScrape(() => {
      gauge.reset();
      const pool = (this.dataSource.driver as PostgresDriver).master as Pool | undefined;
      if (!pool) return; // not connected (yet, or any more)
      gauge.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      gauge.set({ state: 'idle' }, pool.idleCount);
      gauge.set({ state: 'waiting' }, pool.waitingCount);
    });
  }
}
