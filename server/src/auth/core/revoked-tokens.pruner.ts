import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WorkerRole } from '../../infrastructure/roles/worker-role';

/** How often expired entries leave the deny list. */
export const REVOKED_TOKENS_PRUNE_MS = 60 * 60 * 1000;

/**
 * Keeps `revoked_tokens` (logout's deny list, read by TokenService) to the tokens that could
 * still be presented: once a token has expired its signature check already refuses it. Every
 * worker process runs it (WorkerRole); the DELETE is idempotent and touches only expired rows,
 * so no turn-taking.
 */
@Injectable()
export class RevokedTokensPruner implements OnApplicationBootstrap {
  private readonly logger = new Logger(RevokedTokensPruner.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly workerRole: WorkerRole,
  ) {}

  onApplicationBootstrap() {
    this.workerRole.every('revoked-tokens-prune', REVOKED_TOKENS_PRUNE_MS, () => this.prune());
  }

  async prune(): Promise<number> {
    try {
      const [, removed] = (await this.db.query(`DELETE FROM revoked_tokens WHERE expires_at <= now()`)) as [
        unknown,
        number,
      ];
      return removed;
    } catch (err) {
      this.logger.warn({ err }, 'Pruning expired revoked tokens failed; the next period retries');
      return 0;
    }
  }
}
