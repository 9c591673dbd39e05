/**
 * What bids and purchases share: they go over the socket when it is connected and over HTTP
 * otherwise, and every user action carries an idempotency key (a fresh UUID): a double click, or
 * a retry after the connection dropped mid-request, reuses the key of the action still
 * unresolved, so the server applies it once and replays its answer to the twin — whichever path
 * each one took.
 */
import type { Auction, LiveAuction, SocketBidAck } from '@mazad/contracts';
import type { QueryClient, UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { ApiError, errorAnswer, errorMessage, getToken } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { currentSocket, type AppSocket } from '@/lib/socket';
import { retryWhenBusy } from './busy-retry';
import { applyAuctionToCache, isLiveView } from './cache';
import { auctionKeys } from './keys';
import { applyLiveView } from './use-auction-room';

/** How long a bid sent over the socket waits for its acknowledgement before going over HTTP (same key). */
export const SOCKET_ACK_TIMEOUT_MS = 10_000;

export interface MutationOptions {
  /**
   * `Idempotency-Key` (over the socket: `idempotencyKey`): repeats of one user action with the
   * same key are applied once, whichever path each repeat takes.
   */
  idempotencyKey?: string;
  /** Do not toast the server's message on failure (the caller shows it). Default false. */
  silent?: boolean;
}

export function idempotencyHeaders(key?: string): Record<string, string> | undefined {
  return key ? { 'Idempotency-Key': key } : undefined;
}

/**
 * Bids and purchases go over the socket while it is connected for a signed-in member (one frame
 * on an open connection instead of an HTTP request) and over HTTP otherwise. The server answers
 * the socket event with the HTTP call's answer or error body, so both paths end alike (same
 * ApiError, toast and session handling: `errorAnswer`). The idempotency key is shared by both
 * paths on the server (docs/realtime.md, "Bids over the socket"), so when no acknowledgement
 * comes (the socket dropped, or SOCKET_ACK_TIMEOUT_MS passed) the same action is sent over HTTP
 * with the same key, and is applied at most once. Without a key there is no such safety: HTTP.
 */
export async function submit<T extends { success: true }>(
  send: ((socket: AppSocket) => Promise<SocketBidAck<T>>) | null,
  http: () => Promise<T>,
  options: MutationOptions & { fallbackMessage: string },
): Promise<T> {
  const socket = currentSocket();
  if (!send || !socket?.connected || !getToken()) return http();
  let answer: SocketBidAck<T>;
  try {
    answer = await send(socket);
  } catch {
    return http();
  }
  if (answer && 'success' in answer && answer.success === true) return answer;
  const status = answer && 'statusCode' in answer && answer.statusCode ? answer.statusCode : 500;
  throw errorAnswer(status, answer, { ...options, signedIn: true });
}

/** A fresh UUID v4 (crypto.randomUUID where available; it needs a secure context). */
function createIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An answer that settles the action (success, or a refusal): the next click is a new action. */
function isDefinitive(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0 && error.status < 500;
}

/** A mutation that may be sent again after AUCTION_BUSY: `retrying` while it is (busy-retry.ts). */
export type RetryingMutation<R, V> = UseMutationResult<R, ApiError, V> & { retrying: boolean };

/** A keyed action: `run` it, and whether it is being sent again after AUCTION_BUSY (`retrying`). */
export interface KeyedAction {
  run: <T>(fingerprint: string, givenKey: string | undefined, call: (key: string) => Promise<T>) => Promise<T>;
  retrying: boolean;
}

/**
 * Runs a member's action under its idempotency key: the given key, else the key of the
 * unresolved action with the same `fingerprint` (a double click), else a new one. An answer that
 * settles the action (success, or a refusal) lets the next click be a new action. An
 * AUCTION_BUSY answer sends the same call again under the same key (busy-retry.ts), with
 * `retrying` true meanwhile. `call` must not toast its failure (`silent`): the failure is shown
 * here once, after the retries, unless `silent`.
 */
export function useKeyedAction(options: ActionOptions = {}): KeyedAction {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const [retrying, setRetrying] = useState(false);
  const run = async <T>(fingerprint: string, givenKey: string | undefined, call: (key: string) => Promise<T>) => {
    if (!givenKey && current.current?.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: createIdempotencyKey() };
    }
    const key = givenKey || current.current!.key;
    const settle = (error?: unknown) => {
      if (current.current?.key === key && (error === undefined || isDefinitive(error))) current.current = null;
    };
    try {
      const result = await retryWhenBusy(
        () => call(key),
        () => setRetrying(true),
      );
      settle();
      return result;
    } catch (error) {
      settle(error);
      if (!options.silent) toast.error(errorMessage(error));
      throw error;
    } finally {
      setRetrying(false);
    }
  };
  return { run, retrying };
}

/**
 * After a bid, a maximum or a purchase: the returned auction goes into every cached copy — a live
 * view (bids and maximums ask LIVE_BID_ANSWER) merged as `new_bid`'s is (applyLiveView), a whole
 * auction (buy-now) replacing the copies' fields; stats and the member's lists refresh.
 */
export function applyActionResult(
  queryClient: QueryClient,
  result: { auction?: Auction | LiveAuction } | undefined,
): void {
  if (result?.auction) {
    if (isLiveView(result.auction)) applyLiveView(queryClient, result.auction);
    else applyAuctionToCache(queryClient, result.auction);
  }
  void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
  void refreshMemberData(queryClient); // the member's bids / won lists
  // The bid or purchase also watched the auction (docs/auctions.md, "Watchlist").
  void queryClient.invalidateQueries({ queryKey: auctionKeys.watchlists() });
}

export interface ActionOptions {
  /** Do not toast the server's message on failure (the caller shows it). Default false: toast. */
  silent?: boolean;
}
