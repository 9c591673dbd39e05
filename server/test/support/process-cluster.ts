import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import {
  type ServerProcess,
  type SpawnServerOptions,
  startServerProcess,
} from '../../../scripts/lib/server-process.cjs';
import { testEnvironment } from './test-app';

export interface ProcessMember {
  id: string;
  token: string;
  /** JSON headers with the member's bearer token, for fetch(). */
  headers: Record<string, string>;
}

/**
 * Real server processes sharing one environment (database, Redis prefix, secret), plus direct
 * database access to arrange data for them. For suites about replicas, restarts and lost jobs.
 *
 *   const cluster = new ProcessCluster({ BID_EXTENSION: '1s' });
 *   beforeAll(() => cluster.open()); afterEach(() => cluster.stopAll()); afterAll(() => cluster.close());
 */
export class ProcessCluster {
  readonly env: Record<string, string>;
  private readonly jwt: JwtService;
  private readonly running: ServerProcess[] = [];
  private dataSource?: DataSource;

  constructor(overrides: Record<string, string> = {}) {
    this.env = testEnvironment(overrides);
    this.jwt = new JwtService({ secret: this.env.JWT_SECRET });
  }

  get db(): DataSource {
    if (!this.dataSource) throw new Error('ProcessCluster.open() first');
    return this.dataSource;
  }

  async open(): Promise<void> {
    this.dataSource = await new DataSource(dataSourceOptions(this.env.DATABASE_URL)).initialize();
  }

  async close(): Promise<void> {
    await this.stopAll();
    await this.dataSource?.destroy();
  }

  /**
   * One more process of the cluster; `overrides` are its own variables (MAZAD_ROLES, METRICS_PORT…),
   * `options` how it is spawned (e.g. `outputKept: Infinity` to read everything it logged).
   */
  async start(overrides: Record<string, string> = {}, options: SpawnServerOptions = {}): Promise<ServerProcess> {
    const p = await startServerProcess({ ...this.env, ...overrides }, options);
    this.running.push(p);
    return p;
  }

  /** Sudden death (SIGKILL) of one process. */
  async kill(p: ServerProcess): Promise<void> {
    await p.kill();
    this.running.splice(this.running.indexOf(p), 1);
  }

  /** Graceful stop (SIGTERM) of every process still running. */
  async stopAll(): Promise<void> {
    await Promise.all(this.running.splice(0).map((p) => p.stop()));
  }

  /** A verified member inserted directly, with a token signed by the cluster's secret. */
  async member(name: string): Promise<ProcessMember> {
    const [u] = await this.db.query(
      `INSERT INTO users (name, email, phone, location, password_hash, is_verified)
       VALUES ($1, $2, '0790000000', 'عمّان', 'not-a-login-account', true) RETURNING id, token_version`,
      [name, `${randomUUID()}@example.com`],
    );
    const token = this.jwt.sign({ sub: u.id, tv: u.token_version });
    return { id: u.id, token, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } };
  }

  /** An open auction inserted directly (no end job: the processes' start-up reconciliation schedules it). */
  async auction(
    sellerId: string,
    endsInSeconds: number,
    fields: { title?: string; buyNowFils?: number } = {},
  ): Promise<string> {
    const [a] = await this.db.query(
      `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                             buy_now_price_fils, auction_duration, end_time)
       VALUES ($1, $2, 'وصف', 'متنوعة', '{}', 10000, 10000, $3, '1h', now() + make_interval(secs => $4))
       RETURNING id`,
      [sellerId, fields.title ?? 'مزاد متعدد الخوادم', fields.buyNowFils ?? null, endsInSeconds],
    );
    return a.id;
  }
}
