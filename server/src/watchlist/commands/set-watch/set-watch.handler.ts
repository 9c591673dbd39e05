import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, SocketEvents, type WatchResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { RealtimePublisher } from '../../../realtime';
import { SetWatchCommand } from './set-watch.command';

/** PostgreSQL's foreign_key_violation: the auction was removed between the check and the insert. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Saves or unsaves (R-WATCHLIST) in ONE statement that also checks the auction (missing or removed by an
 * operator: 404, as GET /api/auctions/{id} answers members), so parallel saves of one member
 * add one row (the primary key and ON CONFLICT) and repeats change nothing. Only a real change
 * is told to the auction's room (the count) and to the member's own devices.
 */
@CommandHandler(SetWatchCommand)
export class SetWatchHandler implements ICommandHandler<SetWatchCommand, WatchResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publisher: RealtimePublisher,
  ) {}

  async execute({ userId, auctionId, watched }: SetWatchCommand): Promise<WatchResult> {
    const change = watched
      ? `INSERT INTO auction_watches (auction_id, user_id) SELECT id, $2 FROM visible
           ON CONFLICT (auction_id, user_id) DO NOTHING RETURNING 1`
      : `DELETE FROM auction_watches w USING visible WHERE w.auction_id = visible.id AND w.user_id = $2 RETURNING 1`;
    let row: { found: boolean; changed: boolean };
    try {
      [row] = await this.db.query(
        `WITH visible AS (SELECT id FROM auctions WHERE id = $1 AND status <> $3), changed AS (${change})
         SELECT EXISTS (SELECT 1 FROM visible) AS found, EXISTS (SELECT 1 FROM changed) AS changed`,
        [auctionId, userId, AuctionStatus.Deleted],
      );
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new AppException('AUCTION_NOT_FOUND');
      throw err;
    }
    if (!row.found) throw new AppException('AUCTION_NOT_FOUND');
    // Read after the statement: its own CTEs cannot see the row it wrote.
    const [{ n: watchCount }] = await this.db.query(
      `SELECT count(*)::int AS n FROM auction_watches WHERE auction_id = $1`,
      [auctionId],
    );
    if (row.changed) {
      this.publisher.toAuction(auctionId, SocketEvents.WatchCount, { auctionId, watchCount });
      this.publisher.toUser(userId, SocketEvents.WatchlistChanged, { auctionId, watched, watchCount });
    }
    return {
      success: true,
      message: watched ? 'تم حفظ المزاد في قائمة المتابعة' : 'تمت إزالة المزاد من قائمة المتابعة',
      auctionId,
      watched,
      watchCount,
    };
  }
}
