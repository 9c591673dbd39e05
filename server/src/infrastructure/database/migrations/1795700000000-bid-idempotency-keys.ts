import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bid keeps the client's idempotency key: a retry whose first attempt committed is answered
 * with that bid even when Redis lost the key's record (a flush, a restart) or the replica that
 * committed it died before answering (StoredKeys.refuse). The unique index makes a key place
 * at most one bid per member and auction, whatever happens to the locks.
 */
export class BidIdempotencyKeys1795700000000 implements MigrationInterface {
  name = 'BidIdempotencyKeys1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bids ADD COLUMN idempotency_key varchar(100)`);
    await q.query(
      `CREATE UNIQUE INDEX bids_idempotency_key_idx ON bids (auction_id, bidder_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX bids_idempotency_key_idx`);
    await q.query(`ALTER TABLE bids DROP COLUMN idempotency_key`);
  }
}
