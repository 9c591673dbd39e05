import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How often expired entries leave the deny list. */
export const REVOKED_TOKENS_PRUNE_MS = 60 * 60 * 1000;

/**
 * Keeps `revoked_tokens` (logout's deny list, read by TokenService) to the tokens that could
 * still be presented: once a token has expired its signature check already refuses it. Every
 * replica runs it; the DELETE is idempotent and touches only expired rows, so no turn-taking.
 */
@Injectable()
export class RevokedTokensPruner {
  private readonly logger = new Logger(RevokedTokensPruner.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Interval(REVOKED_TOKENS_PRUNE_MS)
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
