/// <reference lib="webworker" />
/**
 * Web Push in the service worker (docs/notifications.md, "Web Push"): a push shows its notice
 * in Arabic; a tap focuses a tab of the app already open (and takes it to the notice's page) or
 * opens one. Nothing here touches a cache.
 */
import { pushNotification } from '../src/lib/push-notification';

declare const self: ServiceWorkerGlobalScope;

export function handlePushes(): void {
  self.addEventListener('push', (event) => {
    const { title, options } = pushNotification(event.data?.text() ?? null, self.location.origin);
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
    event.waitUntil(openOrFocus(url));
  });
}

async function openOrFocus(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (!tab) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await tab.focus();
  if (focused.url !== url) await focused.navigate(url);
}
