/** localStorage keys shared by the whole app (one place, so nothing drifts). */
export const storageKeys = {
  token: 'token',
  user: 'user',
  darkMode: 'darkMode',
  /** Set once the web font's files are in the HTTP cache (lib/web-font.ts, the inline script of index.html). */
  webFont: 'webFont',
  otpIdentifier: 'otpIdentifier',
  /** Set on the first visit: the home page's welcome is shown on that visit only (features/auctions/lib/first-visit.ts). */
  welcomeSeen: 'welcomeSeen',
  /** The last public pages read, for offline use (lib/query-persistence.ts). */
  offlineCopies: 'offlineCopies',
  otpType: 'otpType',
} as const;

/** localStorage that never throws (private mode, disabled storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value only lives for this page */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
  getJson<T>(key: string): T | null {
    const text = storage.get(key);
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};
