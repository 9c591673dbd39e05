import { useSyncExternalStore } from 'react';

/**
 * Installing the web app (its manifest and service worker: web/README.md, "Installable app"):
 * - `prompt`: the browser offered to install it (`beforeinstallprompt`, Chromium's browsers);
 *   `install()` shows the browser's own dialog.
 * - `ios`: Safari on iPhone or iPad, which offers no prompt: the member adds it to the Home
 *   Screen from the share menu.
 * - `installed`: running as the installed app (display-mode standalone), or just installed.
 * - `unavailable`: none of these (yet): the home page keeps its "coming soon" badges.
 * The browser may fire its event before the home page's code has loaded, so the listeners are
 * put on at start-up (main.tsx) and the event is kept until it is used.
 */
export type InstallState = 'prompt' | 'ios' | 'installed' | 'unavailable';

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Safari on iPhone or iPad (iPadOS reports itself as a Mac with a touch screen); not Chrome, Firefox or Edge there. */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  return ios && /Safari/.test(nav.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(nav.userAgent);
}

export function createInstallPrompt(win: Window) {
  let offer: BeforeInstallPromptEvent | null = null;
  let justInstalled = false;
  /** Read on each look: cheap, and right whatever the page learnt since start-up. */
  const standalone = () =>
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the home page's button offers it
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  win.addEventListener('appinstalled', () => {
    justInstalled = true;
    offer = null;
    changed();
  });

  return {
    snapshot(): InstallState {
      if (justInstalled || standalone()) return 'installed';
      if (offer) return 'prompt';
      return isIosSafari(win.navigator) ? 'ios' : 'unavailable';
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows the browser's install dialog; the offer is used up whatever the answer. */
    async install() {
      const used = offer;
      if (!used) return;
      offer = null;
      await used.prompt();
      const { outcome } = await used.userChoice;
      if (outcome === 'accepted') justInstalled = true;
      changed();
    },
  };
}

let current: ReturnType<typeof createInstallPrompt> | undefined;

/** Starts listening for the browser's offer: called once at start-up, before any screen loads. */
export function listenForInstallPrompt(): void {
  current ??= createInstallPrompt(window);
}

/** Where installing stands, re-rendered on every change, and the action for the `prompt` state. */
export function useInstallPrompt(): { state: InstallState; install: () => Promise<void> } {
  listenForInstallPrompt();
  const prompt = current!;
  const state = useSyncExternalStore(prompt.subscribe, prompt.snapshot, () => 'unavailable' as const);
  return { state, install: prompt.install };
}
