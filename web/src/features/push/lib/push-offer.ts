/**
 * When to offer push (R-PUSH-ASK): never on arrival, only once a member has bid or watched an
 * auction; never again on this device once they said "not now" or the browser's permission was
 * already decided. A tiny store the prompt (components/push-prompt.tsx) reads.
 */
import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import { pushSupported } from '../api/push-device';

/** localStorage: the member answered "not now" on this device. */
export const PUSH_NOT_NOW_KEY = 'pushNotNow';

let offered = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Whether the offer may be shown on this device at all. */
export function pushOfferAllowed(): boolean {
  return pushSupported() && Notification.permission === 'default' && storage.get(PUSH_NOT_NOW_KEY) === null;
}

/** After a member's successful bid or watch: shows the offer, if it is still allowed. */
export function offerPushAfterEngagement(): void {
  if (offered || !pushOfferAllowed()) return;
  offered = true;
  emit();
}

/** "ليس الآن": hide it and never offer on this device again. */
export function declinePushOffer(): void {
  storage.set(PUSH_NOT_NOW_KEY, new Date().toISOString());
  closePushOffer();
}

/** Hide it (answered, or the permission request is under way). */
export function closePushOffer(): void {
  if (!offered) return;
  offered = false;
  emit();
}

export function usePushOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => false,
  );
}
