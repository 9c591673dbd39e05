import { AuctionStatus, OPEN_STATUSES } from '@mazad/contracts';

/**
 * The lifecycle rules the store's statements check, as SQL over the auction row (by the
 * database clock, `now()`). Each has a TypeScript twin that judges the same thing from a read
 * state (the bid engine's closedReason, buyNowRefusal, antiSnipingEnd; ArchivePolicy.dueAt);
 * server/test/rules-equivalence.e2e-spec.ts evaluates both over one table of inputs.
 * `alias` names the auctions table in the statement (none: its bare column names).
 */
const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** Statuses as SQL literals (the planner can use partial indexes written with literals). */
const literals = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');

/** Open and not past its end: the auction takes bids and buy-nows. */
export function takesBidsSql(alias?: string): string {
  return `${column(alias, 'status')} IN (${literals(OPEN_STATUSES)}) AND ${column(alias, 'end_time')} > now()`;
}

/** Open and past its end: the auction is due to end (sold or unsold). */
export function dueToEndSql(alias?: string): string {
  return `${column(alias, 'status')} IN (${literals(OPEN_STATUSES)}) AND ${column(alias, 'end_time')} <= now()`;
}

/**
 * The anti-sniping rule: every accepted bid sets end_time = max(end_time, bid time +
 * BID_EXTENSION), with `now()` as the bid time. `extensionSeconds` is an SQL expression (a
 * bind parameter such as `$5`, or a number).
 */
export function antiSnipingEndSql(extensionSeconds: string, alias?: string): string {
  return `GREATEST(${column(alias, 'end_time')}, now() + make_interval(secs => ${extensionSeconds}))`;
}

/**
 * A buy-now by `buyerId` is allowed: the auction takes bids, has a buy-now price above the
 * current price, is not the buyer's own, and (when `expectedFils` is not NULL) its buy-now
 * price is the one the buyer saw. Both arguments are SQL expressions.
 */
export function buyNowAllowedSql(buyerId: string, expectedFils: string, alias?: string): string {
  const c = (name: string) => column(alias, name);
  return `${takesBidsSql(alias)} AND ${c('buy_now_price_fils')} > 0 AND ${c('current_price_fils')} < ${c('buy_now_price_fils')}
            AND ${c('seller_id')} <> ${buyerId} AND (${expectedFils}::bigint IS NULL OR ${c('buy_now_price_fils')} = ${expectedFils}::bigint)`;
}

/**
 * Row `a` is ended, not archived yet, and sold or unsold: it waits for the archive. Written
 * with literal statuses so the planner can use the partial index auctions_archive_due_idx.
 */
export const ARCHIVE_PENDING_SQL = `a.archived_at IS NULL AND a.ended_at IS NOT NULL AND a.status IN (${literals([AuctionStatus.Sold, AuctionStatus.Unsold])})`;

/**
 * The moment row `a` moves to the archive, reading the two delays in seconds from the
 * parameters $n (sold) and $n+1 (unsold).
 */
export function archiveDueSql(n: number): string {
  return `(a.ended_at + make_interval(secs => CASE a.status WHEN '${AuctionStatus.Sold}' THEN $${n}::int ELSE $${n + 1}::int END))`;
}
