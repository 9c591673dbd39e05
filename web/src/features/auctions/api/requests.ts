/** The HTTP calls behind the auction hooks (specification section 7; docs/auctions.md). */
import {
  SocketEvents,
  type Auction,
  type AuctionList,
  type Banner,
  type BannersResult,
  type BuyNowResult,
  type PlaceBidResult,
  type RatingStats,
  type RatingStatsResult,
  type SiteStats,
  type SocketBidAck,
} from '@mazad/contracts';
import { apiPaths } from '@/config/paths';
import { api, ApiError, errorAnswer, getToken } from '@/lib/api-client';
import { currentSocket, type AppSocket } from '@/lib/socket';
import { normalizeListParams, type AuctionListParams } from './keys';

export const BID_ERROR_FALLBACK = 'حدث خطأ في إضافة المزايدة';
export const BUY_NOW_ERROR_FALLBACK = 'حدث خطأ في شراء المنتج';

export type { BuyNowResult, PlaceBidResult };

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

const EMPTY_PAGINATION = { page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrev: false };

/** A usable auction: the list drops items lacking `_id` or `title` (specification section 7). */
function isUsable(value: unknown): value is Auction {
  const a = value as Partial<Auction> | null;
  return Boolean(a && typeof a === 'object' && a._id && typeof a.title === 'string' && a.title);
}

/** GET /api/auctions. Failures are not toasted (the lists show their empty state). */
export async function getAuctions(params: AuctionListParams = {}, signal?: AbortSignal): Promise<AuctionList> {
  const query = normalizeListParams(params);
  const result = await api.get<Partial<AuctionList>>(apiPaths.auctions.list, {
    query: { ...query, page: params.page },
    silent: true,
    signal,
  });
  return {
    auctions: Array.isArray(result?.auctions) ? result.auctions.filter(isUsable) : [],
    pagination: { ...EMPTY_PAGINATION, ...result?.pagination },
    serverTime: result?.serverTime ?? new Date().toISOString(),
  };
}

/** GET /api/auctions/{id} (the server counts a view). Not toasted: the detail page shows its own message. */
export function getAuction(id: string, signal?: AbortSignal): Promise<Auction> {
  return api.get<Auction>(apiPaths.auctions.detail(id), { silent: true, signal });
}

function idempotencyHeaders(key?: string): Record<string, string> | undefined {
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
async function submit<T extends { success: true }>(
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

/**
 * Places a bid (JOD, ≤ 3 decimals): `place_bid` over the socket when connected, else POST
 * /api/auctions/{id}/bid { amount } (see `submit`). Errors carry the server's Arabic message.
 */
export function placeBid(id: string, amount: number, options: MutationOptions = {}): Promise<PlaceBidResult> {
  const { idempotencyKey } = options;
  return submit(
    idempotencyKey
      ? (socket) =>
          socket
            .timeout(SOCKET_ACK_TIMEOUT_MS)
            .emitWithAck(SocketEvents.PlaceBid, { auctionId: id, amount, idempotencyKey })
      : null,
    () =>
      api.post<PlaceBidResult>(
        apiPaths.auctions.bid(id),
        { amount },
        { headers: idempotencyHeaders(idempotencyKey), silent: options.silent, fallbackMessage: BID_ERROR_FALLBACK },
      ),
    { ...options, fallbackMessage: BID_ERROR_FALLBACK },
  );
}

/**
 * Buys at the buy-now price with `expectedPrice`, the price the member saw: the server refuses
 * (409 BUY_NOW_PRICE_CHANGED) when the seller changed it meanwhile. `buy_now` over the socket
 * when connected, else POST /api/auctions/{id}/buy-now (see `submit`).
 */
export function buyNow(id: string, options: MutationOptions & { expectedPrice?: number } = {}): Promise<BuyNowResult> {
  const { idempotencyKey, expectedPrice } = options;
  const body = expectedPrice === undefined ? undefined : { expectedPrice };
  return submit(
    idempotencyKey
      ? (socket) =>
          socket
            .timeout(SOCKET_ACK_TIMEOUT_MS)
            .emitWithAck(SocketEvents.BuyNow, { auctionId: id, ...body, idempotencyKey })
      : null,
    () =>
      api.post<BuyNowResult>(apiPaths.auctions.buyNow(id), body, {
        headers: idempotencyHeaders(idempotencyKey),
        silent: options.silent,
        fallbackMessage: BUY_NOW_ERROR_FALLBACK,
      }),
    { ...options, fallbackMessage: BUY_NOW_ERROR_FALLBACK },
  );
}

/** GET /api/stats. Failures are only logged (the tiles show 0). */
export async function getSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  const r = await api.get<Partial<SiteStats>>(apiPaths.stats, { silent: true, signal });
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    totalAuctions: n(r?.totalAuctions),
    activeAuctions: n(r?.activeAuctions),
    soldAuctions: n(r?.soldAuctions),
    totalBids: n(r?.totalBids),
  };
}

/** GET /api/banners: the active banners in display order. Failures are only logged (no banner). */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  const r = await api.get<Partial<BannersResult>>(apiPaths.banners, { silent: true, auth: false, signal });
  const banners = Array.isArray(r?.banners) ? r.banners : [];
  return banners
    .filter((b) => b && b.isActive !== false && typeof b.text === 'string' && b.text.trim())
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/* ---------- Seller rating (specification section 7): 5 s timeout, 5 min session cache ---------- */

export const RATING_TIMEOUT_MS = 5_000;
export const RATING_CACHE_MS = 5 * 60_000;
/** Banners change rarely: a cached strip stays fresh 5 minutes. */
export const BANNERS_STALE_MS = 5 * 60_000;
export const RATING_MIN_ID_LENGTH = 10;
const RATING_CACHE_PREFIX = 'sellerRating:';
export const NO_RATING: RatingStats = { averageRating: 0, validRatings: 0 };

function readCachedRating(sellerId: string, now: number): RatingStats | null {
  try {
    const text = window.sessionStorage.getItem(RATING_CACHE_PREFIX + sellerId);
    if (!text) return null;
    const entry = JSON.parse(text) as { at: number; stats: RatingStats };
    if (typeof entry?.at !== 'number' || now - entry.at >= RATING_CACHE_MS || now < entry.at) return null;
    return entry.stats;
  } catch {
    return null;
  }
}

function writeCachedRating(sellerId: string, stats: RatingStats, now: number): void {
  try {
    window.sessionStorage.setItem(RATING_CACHE_PREFIX + sellerId, JSON.stringify({ at: now, stats }));
  } catch {
    /* storage unavailable: the query cache still holds it for this page */
  }
}

/**
 * GET /api/users/{id}/rating-stats, cached 5 minutes per seller in sessionStorage. Ids shorter
 * than 10 characters are not asked about (zeros); 400 and 404 answer zeros. Other failures throw.
 */
export async function getSellerRating(sellerId: string, now: () => number = Date.now): Promise<RatingStats> {
  if (!sellerId || sellerId.length < RATING_MIN_ID_LENGTH) return NO_RATING;
  const cached = readCachedRating(sellerId, now());
  if (cached) return cached;
  let stats: RatingStats;
  try {
    const r = await api.get<Partial<RatingStatsResult>>(apiPaths.users.ratingStats(sellerId), {
      silent: true,
      auth: false,
      timeoutMs: RATING_TIMEOUT_MS,
    });
    const average = Number(r?.averageRating);
    const count = Number(r?.validRatings);
    stats = { averageRating: Number.isFinite(average) ? average : 0, validRatings: Number.isFinite(count) ? count : 0 };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) stats = NO_RATING;
    else throw error;
  }
  writeCachedRating(sellerId, stats, now());
  return stats;
}
