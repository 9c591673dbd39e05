import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { DemoMember, DemoSeeder } from './demo-seeder';

export const DEMO_SEEDERS = Symbol('DEMO_SEEDERS');

/** Arbitrary but fixed (beside the migration lock): replicas starting together seed in turn. */
const SEED_LOCK_KEY = 7_262_025;

/**
 * With SEED_DEMO=true, creates the demo data at start-up (after the migrations, which main.ts
 * runs before the application hooks). Idempotent and safe with several replicas.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DEMO_SEEDERS) private readonly seeders: DemoSeeder[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    try {
      const members = await this.run();
      this.logger.log(
        `Demo data ready: ${members.size} demo members (${[...members.values()].map((m) => m.email).join(', ')})`,
      );
    } catch (err) {
      // The demo is a convenience: a failed seed is reported, the server still starts.
      this.logger.error(`Demo seed failed: ${(err as Error).message}`, (err as Error).stack);
    }
  }

  /** Runs every seeder in order under the seed lock; returns the demo members. */
  async run(): Promise<Map<string, DemoMember>> {
    const password = this.config.demoPassword;
    if (!password) throw new Error('DEMO_PASSWORD is not set');
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
      const context = { manager: runner.manager, members: new Map<string, DemoMember>(), password };
      for (const seeder of this.seeders) {
        await seeder.seed(context);
      }
      return context.members;
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }
}
