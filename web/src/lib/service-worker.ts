import { whenPageSettled } from './page-settled';

/**
 * Registers the service worker (/sw.js, web/sw/sw.ts) once the first page has settled, so its
 * precache downloads never compete with the first screen. Production builds only: the dev
 * server has no /sw.js. A refusal (private mode, a browser without workers) leaves the app as
 * it was, without its offline shell.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void whenPageSettled().then(() =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* not installable here: the app works online as before */
    }),
  );
}
