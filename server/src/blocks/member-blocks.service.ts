import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BlockedMember, BlockResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionStore } from '../auctions';
import { RepriceWithoutMemberCommand } from '../bids';
import { AppException } from '../common/errors/app.exception';
import { runSql } from '../infrastructure/database/run-sql';

/**
 * Members blocking members (R-BLOCK, docs/accounts.md "Blocking a member"): the one place that
 * writes `member_blocks`. The bid engine reads a seller's blocks with the auction it judges
 * (BidWriter.loadState); the chat asks `eitherBlocked`.
 */
@Injectable()
export class MemberBlocksService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly auctions: AuctionStore,
    private readonly commands: CommandBus,
  ) {}

  /**
   * `blockerId` blocks `blockedId`, idempotently. In one transaction: the row, then every open
   * auction of the blocker changes its maximums' version (a bid or a buy-now judged without the
   * block writes nothing: no bid of the member commits after this answer) and the member's
   * maximums there are withdrawn; afterwards each auction where they held one is repriced as
   * a removal reprices it (R-MAX-BID-REMOVAL, in that auction's bid order), before the answer.
   */
  async block(blockerId: string, blockedId: string): Promise<BlockResult> {
    if (blockerId === blockedId) throw new AppException('BLOCK_SELF');
    const repriced = await this.db.transaction(async (tx) => {
      await this.assertMember(tx.query.bind(tx), blockedId);
      // One block of a member at a time: two would lock the same auctions in their own orders.
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [blockerId]);
      const { affected } = await runSql(
        tx,
        `INSERT INTO member_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [blockerId, blockedId],
      );
      // Blocked already: their maximums went with the first block, none could be set since.
      return affected > 0 ? this.auctions.shutOutOfSellerAuctions(tx, blockerId, blockedId) : [];
    });
    if (repriced.length > 0) await this.commands.execute(new RepriceWithoutMemberCommand(blockedId, repriced));
    return { success: true, message: 'تم حظر العضو', userId: blockedId, blocked: true };
  }

  /** Lifts the block, idempotently; what the block withdrew stays withdrawn. */
  async unblock(blockerId: string, blockedId: string): Promise<BlockResult> {
    if (blockerId === blockedId) throw new AppException('BLOCK_SELF');
    await this.assertMember((sql, params) => this.db.query(sql, params), blockedId);
    await this.db.query(`DELETE FROM member_blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
    return { success: true, message: 'تم إلغاء حظر العضو', userId: blockedId, blocked: false };
  }

  /** The members `blockerId` blocked, most recently blocked first (removed members left out). */
  async list(blockerId: string): Promise<BlockedMember[]> {
    const rows: { id: string; name: string; profile_image: string | null; created_at: Date }[] = await this.db.query(
      `SELECT u.id, u.name, u.profile_image, k.created_at
         FROM member_blocks k JOIN users u ON u.id = k.blocked_id AND u.deleted_at IS NULL
        WHERE k.blocker_id = $1
        ORDER BY k.created_at DESC, u.id`,
      [blockerId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      profileImage: r.profile_image,
      blockedAt: new Date(r.created_at).toISOString(),
    }));
  }

  /** Whether one of the two members blocked the other. */
  async eitherBlocked(a: string, b: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM member_blocks
        WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1`,
      [a, b],
    );
    return rows.length > 0;
  }

  /** 404 USER_NOT_FOUND for a member who does not exist or was removed by an operator. */
  private async assertMember(query: (sql: string, params: unknown[]) => Promise<unknown[]>, userId: string) {
    const rows = await query(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
    if (rows.length === 0) throw new AppException('USER_NOT_FOUND');
  }
}
