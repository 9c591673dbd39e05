/**
 * What the service worker shows for a push (web/sw/sw.ts): the server's payload (PushPayload in
 * server/src/infrastructure/push/push-sender.ts) as a notification in Arabic, right to left.
 * Pure, so the page's tests cover it; the worker only calls it.
 */

/** The notification to show: `showNotification(title, options)`, and where a tap leads. */
export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const ICON = '/icons/icon-192.png';
const FALLBACK_TITLE = 'مزاد';
const FALLBACK_BODY = 'لديك إشعار جديد';

/**
 * A path of this site only: a payload can never send a tap to another site. The URL is read as
 * the browser reads it, against the worker's own `origin` (tabs and newlines dropped, `\\` taken
 * as `/`: "/\t/evil.example" is "//evil.example"), and only an answer on that origin is kept;
 * checks on the raw text miss what the parser rewrites.
 */
export function sameSitePath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return '/';
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return '/';
  }
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '/';
}

/**
 * The notification of a push's text (JSON `{ title, body, url, tag }`), for the worker on
 * `origin`. A browser must show something for every push (userVisibleOnly), so an unreadable
 * one becomes a plain notice that opens the bell's home.
 */
export function pushNotification(text: string | null, origin: string): PushNotification {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    /* an unreadable payload: the plain notice below */
  }
  const textOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);
  return {
    title: textOr(data.title, FALLBACK_TITLE),
    options: {
      body: textOr(data.body, FALLBACK_BODY),
      dir: 'rtl',
      lang: 'ar',
      icon: ICON,
      badge: ICON,
      ...(typeof data.tag === 'string' && data.tag ? { tag: data.tag } : {}),
      data: { url: sameSitePath(data.url, origin) },
    },
  };
}
