import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One device's subscription: where to send and the keys that encrypt for it. */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Devices one member may receive pushes on; a new one past this is refused. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/** The push_subscriptions table (migration 1796300000000). */
@Injectable()
export class PushSubscriptions {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Saves a device for a member; false when the member already has the maximum of other devices.
   * One statement, so parallel subscriptions cannot pass the cap together: the count and the
   * insert run under a lock on the member's row. An endpoint already stored (the same browser
   * again, or a shared computer another member used) is updated in place and moves to this member.
   */
  async save(userId: string, sub: StoredPushSubscription): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const [{ others }] = (await tx.query(
        `SELECT count(*)::int AS others FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2`,
        [userId, sub.endpoint],
      )) as { others: number }[];
      if (others >= PUSH_SUBSCRIPTIONS_PER_MEMBER) return false;
      await tx.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4`,
        [userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
      );
      return true;
    });
  }

  /** Forgets a member's device (only theirs: another member's endpoint is left alone). */
  async remove(userId: string, endpoint: string): Promise<void> {
    await this.db.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint]);
  }

  /** Forgets an endpoint the push service says is gone (404/410), whoever it belonged to. */
  async expire(endpoint: string): Promise<void> {
    await this.db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [endpoint]);
  }

  async ofMember(userId: string): Promise<StoredPushSubscription[]> {
    const rows = (await this.db.query(
      `SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )) as { endpoint: string; p256dh: string; auth: string }[];
    return rows.map(({ endpoint, p256dh, auth }) => ({ endpoint, keys: { p256dh, auth } }));
  }
}
