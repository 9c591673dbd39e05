import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Interval } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { OPEN_STATUSES } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { EndAuctionCommand } from '../commands/end-auction/end-auction.command';
import { AuctionEndScheduler } from './auction-end.scheduler';

/** How often every replica looks for auctions whose end passed without their job firing. */
const SWEEP_INTERVAL_MS = 15_000;
/** Grace before the sweep steps in for a job that should have fired. */
const SWEEP_GRACE_SECONDS = 2;

/**
 * Redis holds the jobs but PostgreSQL holds the truth: at start-up every open auction gets its
 * end job again (idempotent by job id) and overdue ones end at once; a periodic sweep ends any
 * auction whose job was lost while the server ran. Ending is conditional, so replicas racing
 * each other (or the job) still end an auction exactly once.
 */
@Injectable()
export class AuctionEndReconciler implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuctionEndReconciler.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scheduler: AuctionEndScheduler,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const open: { id: string; end_time: Date; overdue: boolean }[] = await this.db.query(
      `SELECT id, end_time, end_time <= now() AS overdue FROM auctions WHERE status = ANY($1)`,
      [OPEN_STATUSES],
    );
    let ended = 0;
    for (const auction of open) {
      if (auction.overdue) ended += Number(await this.commands.execute(new EndAuctionCommand(auction.id)));
      else await this.scheduler.schedule(auction.id, auction.end_time);
    }
    if (open.length) this.logger.log(`Reconciled ${open.length} open auctions (${ended} overdue ended)`);
  }

  @Interval(SWEEP_INTERVAL_MS)
  async sweepOverdue(): Promise<void> {
    try {
      const overdue: { id: string }[] = await this.db.query(
        `SELECT id FROM auctions WHERE status = ANY($1) AND end_time <= now() - make_interval(secs => $2) LIMIT 500`,
        [OPEN_STATUSES, SWEEP_GRACE_SECONDS],
      );
      for (const { id } of overdue) await this.commands.execute(new EndAuctionCommand(id));
    } catch (err) {
      this.logger.warn({ err }, 'Overdue sweep failed; will retry');
    }
  }
}
