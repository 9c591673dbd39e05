/**
 * The auction page's first read, started by index.html's inline script before the app's code has
 * arrived (on a first visit the code and the answer then download in parallel). The page's first
 * read of the same URL, with the same session, takes the answer over, once; anything else — another
 * URL, a session that changed, a failed or refused answer — asks the server as usual (the app's
 * client then says what went wrong, as for any read).
 */
import { storage, storageKeys } from './storage';

/** What the inline script leaves on `window`. */
export interface EarlyRead {
  url: string;
  /** The bearer token it was sent with (null: as a visitor). */
  token: string | null;
  /** The answer, or null when the request failed. */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __mazadEarlyRead?: EarlyRead;
  }
}

/** The early answer's body for `url` when there is a good one (taken once), else undefined. */
export async function takeEarlyRead<T>(url: string): Promise<T | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__mazadEarlyRead;
  if (!early || early.url !== url) return undefined;
  delete window.__mazadEarlyRead;
  if (early.token !== storage.get(storageKeys.token)) return undefined;
  const response = await early.response;
  if (!response?.ok) return undefined;
  try {
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}
