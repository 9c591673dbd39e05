/**
 * The server's clock is the only clock: countdowns use `serverNow()`, which corrects the
 * local clock by the offset measured against GET /api/time → { serverTime, epochMs }.
 */
import { path, routes, type ServerTime } from '@mazad/contracts';
import { api } from './api-client';

let offsetMs = 0;

export function getServerOffset(): number {
  return offsetMs;
}

export function setServerOffset(value: number): void {
  offsetMs = Number.isFinite(value) ? value : 0;
}

/** Milliseconds since the epoch on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Offset between the server's clock and ours, assuming the server read its clock halfway
 * through the round trip.
 */
export function computeOffset(sentAt: number, receivedAt: number, serverEpochMs: number): number {
  return serverEpochMs - (sentAt + receivedAt) / 2;
}

/** Measures the offset once; failures keep the previous offset (the local clock at worst). */
export async function syncServerTime(now: () => number = Date.now): Promise<number> {
  try {
    const sentAt = now();
    const result = await api.get<ServerTime>(path(routes.system.time), {
      silent: true,
      auth: false,
      timeoutMs: 10_000,
    });
    const receivedAt = now();
    const epoch = typeof result?.epochMs === 'number' ? result.epochMs : Date.parse(result?.serverTime ?? '');
    if (Number.isFinite(epoch)) setServerOffset(computeOffset(sentAt, receivedAt, epoch));
  } catch {
    /* keep the current offset */
  }
  return offsetMs;
}
