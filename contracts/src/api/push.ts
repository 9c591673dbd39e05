/** Web Push on a member's devices (docs/notifications.md, "Web Push"). */

/** GET /api/push/vapid-public-key: the server's VAPID public key (base64url), for pushManager.subscribe. */
export interface VapidPublicKeyResult {
  publicKey: string;
}

/**
 * POST /api/push/subscriptions: the browser's PushSubscription as `toJSON()` gives it. `endpoint`
 * is the push service's https URL; `keys` are the browser's P-256 public key and 16-byte
 * authentication secret, base64url.
 */
export interface PushSubscriptionRequest {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** DELETE /api/push/subscriptions: the device's endpoint to forget. */
export interface PushUnsubscribeRequest {
  endpoint: string;
}

/** The answer of both: whether this device now receives pushes. */
export interface PushSubscriptionResult {
  subscribed: boolean;
}
