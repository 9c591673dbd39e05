import { epochMs, type Instant } from './auction-facts';

/**
 * The anti-sniping rule: every accepted bid sets
 *
 *     endTime = max(endTime, bidTime + extension)
 *
 * so a bid in the last moments always leaves the others `extensionSeconds` (BID_EXTENSION,
 * 90 s by default) to answer, while a bid long before the end changes nothing. The server
 * applies it by the database clock in the statement that stores the bid (its SQL form,
 * antiSnipingEndSql in server/src/auctions/store/auction-conditions.ts, must stay this rule).
 */
export function antiSnipingEnd(endTime: Instant, bidTime: Instant, extensionSeconds: number): Date {
  return new Date(Math.max(epochMs(endTime), epochMs(bidTime) + extensionSeconds * 1000));
}
