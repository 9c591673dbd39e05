import type { EntityManager } from 'typeorm';

/** A demo member created by the users seeder, for later seeders (auctions, bids, ratings). */
export interface DemoMember {
  id: string;
  /** Stable key such as `sara`, used by other seeders to pick sellers and bidders. */
  key: string;
  name: string;
  email: string;
}

/** What seeders share: the demo members created so far, keyed by `DemoMember.key`. */
export interface DemoSeedContext {
  /** All queries of one seeding pass go through this manager. */
  manager: EntityManager;
  members: Map<string, DemoMember>;
  /** The demo members' password (config.demoPassword). */
  password: string;
}

/**
 * One step of the demo seed. Seeders run in the order of DEMO_SEEDERS (seed.module.ts), one
 * replica at a time (the seed holds a PostgreSQL advisory lock), on every start with
 * SEED_DEMO=true: each must be idempotent — create only what is missing, keyed by something
 * stable (e.g. `INSERT … ON CONFLICT DO NOTHING` on a unique column), and mark what it creates
 * as demo (names ending with "(تجريبي)").
 */
export interface DemoSeeder {
  readonly name: string;
  seed(context: DemoSeedContext): Promise<void>;
}
