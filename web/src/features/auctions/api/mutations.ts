/**
 * Bidding and buy-now, over the socket when it is connected and over HTTP otherwise (requests.ts).
 * Every user action carries an idempotency key (a fresh UUID): a double click, or a retry after
 * the connection dropped mid-request, reuses the key of the action still unresolved, so the
 * server applies it once and replays its answer to the twin — whichever path each one took.
 */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { applyAuctionToCache } from './cache';
import { auctionKeys } from './keys';
import { buyNow, placeBid, type BuyNowResult, type PlaceBidResult } from './requests';

/** A fresh UUID v4 (crypto.randomUUID where available; it needs a secure context). */
export function createIdempotencyKey(): string {
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

/**
 * Keeps one key per unresolved action: the same `fingerprint` (amount) asked again before an
 * answer settled it reuses the key; otherwise a new key is made.
 */
function useActionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(fingerprint: string): string {
      if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: createIdempotencyKey() };
      return current.current.key;
    },
    settle(key: string, error?: unknown) {
      if (current.current?.key === key && (error === undefined || isDefinitive(error))) current.current = null;
    },
  };
}

export interface BidVariables {
  /** JOD, at most 3 decimals, strictly above the current price. */
  amount: number;
  /** Overrides the automatic per-action key. */
  idempotencyKey?: string;
}

export interface ActionOptions {
  /** Do not toast the server's message on failure (the caller shows it). Default false: toast. */
  silent?: boolean;
}

/**
 * Places a bid (`place_bid` or POST /api/auctions/{id}/bid). On success the returned auction
 * replaces every cached copy and the site stats are refreshed. Errors are `ApiError` with the
 * server's Arabic message, whichever path answered.
 */
export function useBidMutation(
  auctionId: string,
  options: ActionOptions = {},
): UseMutationResult<PlaceBidResult, ApiError, BidVariables> {
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  return useMutation<PlaceBidResult, ApiError, BidVariables>({
    mutationFn: async ({ amount, idempotencyKey }) => {
      const key = idempotencyKey ?? actionKey.keyFor(String(amount));
      try {
        const result = await placeBid(auctionId, amount, { idempotencyKey: key, silent: options.silent });
        actionKey.settle(key);
        return result;
      } catch (error) {
        actionKey.settle(key, error);
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result?.auction) applyAuctionToCache(queryClient, result.auction);
      void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
      void refreshMemberData(queryClient); // the member's bids / won lists
    },
  });
}

export interface BuyNowVariables {
  idempotencyKey?: string;
  /** The buy-now price shown to the member (JOD); the server refuses the purchase if it changed. */
  expectedPrice?: number;
}

/** Buys now (`buy_now` or POST /api/auctions/{id}/buy-now). On success the sold auction replaces every cached copy. */
export function useBuyNowMutation(
  auctionId: string,
  options: ActionOptions = {},
): UseMutationResult<BuyNowResult, ApiError, BuyNowVariables | void> {
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  return useMutation<BuyNowResult, ApiError, BuyNowVariables | void>({
    mutationFn: async (variables) => {
      const key = (variables && variables.idempotencyKey) || actionKey.keyFor('buy-now');
      try {
        const expectedPrice = (variables && variables.expectedPrice) ?? undefined;
        const result = await buyNow(auctionId, { idempotencyKey: key, silent: options.silent, expectedPrice });
        actionKey.settle(key);
        return result;
      } catch (error) {
        actionKey.settle(key, error);
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result?.auction) applyAuctionToCache(queryClient, result.auction);
      void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
      void refreshMemberData(queryClient); // the member's bids / won lists
    },
  });
}
