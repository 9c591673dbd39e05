import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PushEndpoints } from './push-endpoints';

/** One device's subscription: where to send and the keys that encrypt for it. */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Devices one member may receive pushes on; a new one past this is refused. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * What saving a device came to: saved; refused because the member has the maximum of other
 * devices; refused because the endpoint is another member's and the caller did not show its keys;
 * refused because the endpoint is not a push service's (PushEndpoints).
 */
export type PushSubscriptionSaved = 'saved' | 'limit' | 'taken' | 'not-a-push-service';

/** The push_subscriptions table (migration 1796300000000). */
@Injectable()
export class PushSubscriptions {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly endpoints: PushEndpoints,
  ) {}

  /**
   * Saves a device for a member (R-PUSH-DEVICES). One statement, so parallel subscriptions cannot
   * pass the cap together: the count and the insert run under a lock on the member's row. An
   * endpoint already stored is updated in place when it is the member's own, and moves to this
   * member only with the very keys stored for it: the browser's own subscription, as a shared
   * computer's browser sends it to whoever signs in next (the endpoint is all another member may
   * have learnt; the keys never leave the browser and the server). Otherwise it is left untouched.
   */
  async save(userId: string, sub: StoredPushSubscription): Promise<PushSubscriptionSaved> {
    if (!this.endpoints.allows(sub.endpoint)) return 'not-a-push-service';
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const [{ others }] = (await tx.query(
        `SELECT count(*)::int AS others FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2`,
        [userId, sub.endpoint],
      )) as { others: number }[];
      if (others >= PUSH_SUBSCRIPTIONS_PER_MEMBER) return 'limit';
      const written = (await tx.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4
         WHERE push_subscriptions.user_id = $1
            OR (push_subscriptions.p256dh = $3 AND push_subscriptions.auth = $4)
         RETURNING 1`,
        [userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
      )) as unknown[];
      return written.length > 0 ? 'saved' : 'taken';
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
