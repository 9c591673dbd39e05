import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ARCHIVE_PENDING_SQL, ArchivePolicy } from '../archive-policy';
import { ArchiveAuctionCommand } from '../commands/archive-auction/archive-auction.command';
import { AuctionArchiveScheduler } from './auction-archive.scheduler';

/** How often every replica looks for auctions whose archive moment passed without their job firing. */
const SWEEP_INTERVAL_MS = 10_000;
/** Grace before the sweep steps in for a job that should have fired. */
const SWEEP_GRACE_SECONDS = 2;

/**
 * Redis holds the jobs, PostgreSQL the truth (as for the end of auctions): at start-up every
 * ended, not yet archived auction gets its archive job again (idempotent by job id) and the
 * overdue ones are archived at once; a periodic sweep archives any auction whose job was lost
 * while the server ran. Archiving is conditional, so racing replicas archive once.
 */
@Injectable()
export class AuctionArchiveReconciler implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuctionArchiveReconciler.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly policy: ArchivePolicy,
    private readonly scheduler: AuctionArchiveScheduler,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const pending: { id: string; due_at: Date; overdue: boolean }[] = await this.db.query(
        `SELECT a.id, ${this.policy.dueSql(1)} AS due_at, ${this.policy.dueSql(1)} <= now() AS overdue
           FROM auctions a WHERE ${ARCHIVE_PENDING_SQL}`,
        this.policy.params(),
      );
      let archived = 0;
      for (const auction of pending) {
        if (auction.overdue) archived += Number(await this.commands.execute(new ArchiveAuctionCommand(auction.id)));
        else await this.scheduler.schedule(auction.id, auction.due_at);
      }
      if (pending.length) this.logger.log(`Reconciled ${pending.length} ended auctions (${archived} overdue archived)`);
    } catch (err) {
      // Not fatal: the sweep below archives overdue auctions within its interval.
      this.logger.error({ err }, 'Archive reconciliation failed');
    }
  }

  @Interval(SWEEP_INTERVAL_MS)
  async sweepOverdue(): Promise<void> {
    try {
      const overdue: { id: string }[] = await this.db.query(
        `SELECT a.id FROM auctions a
          WHERE ${ARCHIVE_PENDING_SQL} AND ${this.policy.dueSql(1)} <= now() - make_interval(secs => $3)
          LIMIT 500`,
        [...this.policy.params(), SWEEP_GRACE_SECONDS],
      );
      for (const { id } of overdue) await this.commands.execute(new ArchiveAuctionCommand(id));
    } catch (err) {
      this.logger.warn({ err }, 'Archive sweep failed; will retry');
    }
  }
}
