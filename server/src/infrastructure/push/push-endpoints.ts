import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';

/**
 * The push services a browser subscribes with (each browser has its own; a site cannot choose),
 * by the host of the subscription's endpoint, always https on the default port:
 * - Google's Firebase Cloud Messaging, for Chrome and the Chromium browsers (Opera, Samsung
 *   Internet, Brave…): `https://fcm.googleapis.com/fcm/send/…`, `…/wp/…`;
 * - Mozilla's autopush, for Firefox: `https://updates.push.services.mozilla.com/wpush/v2/…`
 *   (both as listed by https://pushpad.xyz/blog/what-are-the-browser-push-services and the
 *   endpoint table of https://github.com/web-push-libs/webpush-java/wiki/Endpoints);
 * - Microsoft's WNS, for Edge on Windows: `https://wns2-<region>.notify.windows.com/w/?token=…`,
 *   any host under notify.windows.com (https://github.com/MicrosoftEdge/DevTools/issues/262
 *   names `*.notify.windows.com` as Edge's web push endpoints);
 * - Apple's, for Safari and home-screen web apps: `https://web.push.apple.com/…`; WebKit asks
 *   servers that check endpoints to allow any subdomain of push.apple.com
 *   (https://webkit.org/blog/12945/meet-web-push/).
 */
export const BROWSER_PUSH_SERVICES: readonly ({ host: string } | { under: string })[] = [
  { host: 'fcm.googleapis.com' },
  { host: 'updates.push.services.mozilla.com' },
  { under: 'notify.windows.com' },
  { under: 'push.apple.com' },
];

/**
 * Whether Mazad may send to `endpoint`: an https URL, without credentials, of a browser's push
 * service (BROWSER_PUSH_SERVICES) or of one of `extraOrigins` (exact origins a deployment added,
 * PUSH_EXTRA_ORIGINS). Anything else (loopback, 169.254.169.254, a private address, another
 * port) is never contacted: the server would otherwise post to any address a member names.
 */
export function isPushServiceEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  const host = url.hostname;
  return BROWSER_PUSH_SERVICES.some((service) =>
    'host' in service ? host === service.host : host.endsWith(`.${service.under}`),
  );
}

/** The push services of this deployment: the browsers' and PUSH_EXTRA_ORIGINS (R-PUSH-DEVICES). */
@Injectable()
export class PushEndpoints {
  constructor(private readonly config: AppConfig) {}

  allows(endpoint: string): boolean {
    return isPushServiceEndpoint(endpoint, this.config.pushExtraOrigins);
  }
}
