/**
 * Whether this page load is the browser's first visit to Mazad: the home page's welcome card is
 * for newcomers, and off the browse screens from the next visit on (so a phone's first screen
 * shows auctions). Decided once per page load, and remembered in localStorage at once, so the
 * whole first visit keeps it and later ones never show it.
 */
import { storage, storageKeys } from '@/lib/storage';

let firstVisit: boolean | undefined;

export function isFirstVisit(): boolean {
  if (firstVisit === undefined) {
    firstVisit = storage.get(storageKeys.welcomeSeen) === null;
    if (firstVisit) storage.set(storageKeys.welcomeSeen, new Date().toISOString());
  }
  return firstVisit;
}

/** Tests: the next call reads the storage again, as a new page load would. */
export function forgetFirstVisitForTests(): void {
  firstVisit = undefined;
}
