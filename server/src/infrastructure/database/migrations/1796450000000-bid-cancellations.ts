import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of bids taken back (docs/adr/0017-bid-retraction-and-typed-bids.md): a member's
 * retraction (R-BID-RETRACT: `kind` 'retraction', `reason` one of BID_RETRACTION_REASONS) or an
 * operator's cancel (R-BID-OPERATOR-CANCEL: 'operator', the operator's words), one row per bid
 * named, with who did it and the price before and after; written in the transaction of the
 * reprice it caused. A member's retractions in the last 30 days are counted from here (the
 * monthly limit: a rate limit in Redis forgets, this record does not). A bid is taken back once.
 */
export class BidCancellations1796450000000 implements MigrationInterface {
  name = 'BidCancellations1796450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bid_cancellations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bid_id uuid NOT NULL UNIQUE REFERENCES bids (id) ON DELETE CASCADE,
        auction_id uuid NOT NULL REFERENCES auctions (id) ON DELETE CASCADE,
        bidder_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CHECK (kind IN ('retraction', 'operator')),
        reason varchar(300) NOT NULL,
        cancelled_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        cancelled_bids integer NOT NULL CHECK (cancelled_bids > 0),
        price_before_fils bigint NOT NULL,
        price_after_fils bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX bid_cancellations_retractions_idx ON bid_cancellations (bidder_id, created_at) WHERE kind = 'retraction'`,
    );
    await q.query(`CREATE INDEX bid_cancellations_auction_idx ON bid_cancellations (auction_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE bid_cancellations`);
  }
}
