import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One standing bid per auction and amount (R-BID-TIE-FIRST-WINS), no longer one per amount
 * ever: when an operator removes a member, the automatic bids placed for their maximum are
 * cancelled and the remaining maximums may answer at the same amounts (R-MAX-BID-REMOVAL).
 * Cancelled bids stay for the record outside the index.
 */
export class StandingBidAmounts1796230000000 implements MigrationInterface {
  name = 'StandingBidAmounts1796230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX bids_auction_amount_key`);
    await q.query(
      `CREATE UNIQUE INDEX bids_auction_amount_key ON bids (auction_id, amount_fils) WHERE NOT is_cancelled`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX bids_auction_amount_key`);
    await q.query(`CREATE UNIQUE INDEX bids_auction_amount_key ON bids (auction_id, amount_fils)`);
  }
}
