/**
 * This device's Web Push subscription (docs/notifications.md, "Web Push"): the browser's
 * pushManager under the service worker, and the server's record of it.
 */
import { path, routes, type PushSubscriptionResult, type VapidPublicKeyResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';

/** Push needs a service worker, the Push API and notifications; iPhones only in the installed app. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** The browser's current subscription of this device, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/**
 * Asks the browser's permission (only ever from a member's click), subscribes with the
 * server's key and records the subscription. Resolves false when the member refused or push is
 * off on the server; a failed call is toasted by the API client.
 */
export async function subscribeThisDevice(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const { publicKey } = await api.get<VapidPublicKeyResult>(path(routes.push.vapidPublicKey), { silent: true });
  const reg = await registration();
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const result = await api.post<PushSubscriptionResult>(path(routes.push.subscribe), subscription.toJSON(), {
    fallbackMessage: 'تعذّر تفعيل الإشعارات على هذا الجهاز',
  });
  return result.subscribed;
}

/** Forgets this device on the server, then in the browser. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.delete<PushSubscriptionResult>(path(routes.push.unsubscribe), {
    body: { endpoint: subscription.endpoint },
    fallbackMessage: 'تعذّر إيقاف الإشعارات على هذا الجهاز',
  });
  await subscription.unsubscribe();
}
