/**
 * The anti-sniping rule (contracts' `antiSnipingEnd`: endTime = max(endTime, bidTime + extension))
 * as the SQL expression of the auction's new `end_time`, with the database's `now()` as the bid
 * time, so the rule runs in the statement that stores the bid (see BidWriter).
 * `extensionSeconds` is an SQL expression (a bind parameter such as `$5`, or a number).
 */
export function antiSnipingEndSql(extensionSeconds: string): string {
  return `GREATEST(end_time, now() + make_interval(secs => ${extensionSeconds}))`;
}
