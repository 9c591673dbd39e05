/**
 * The anti-sniping rule (00-product.md, "Auction rules"): every accepted bid sets
 *
 *     endTime = max(endTime, bidTime + BID_EXTENSION)
 *
 * so a bid in the last moments always leaves the others BID_EXTENSION (default 90 s) to answer,
 * while a bid long before the end changes nothing. The database applies it (by its own clock)
 * in the same statement that stores the bid: see `antiSnipingEndSql` and BidWriter.
 */
export function antiSnipingEnd(endTime: Date, bidTime: Date, extensionSeconds: number): Date {
  return new Date(Math.max(endTime.getTime(), bidTime.getTime() + extensionSeconds * 1000));
}

/**
 * The same rule as the SQL expression of the auction's new `end_time`, with `now()` as the bid
 * time. `extensionSeconds` is an SQL expression (a bind parameter such as `$5`, or a number).
 */
export function antiSnipingEndSql(extensionSeconds: string): string {
  return `GREATEST(end_time, now() + make_interval(secs => ${extensionSeconds}))`;
}
