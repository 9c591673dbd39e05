/**
 * The bid storm's invariants, judged from what the database stored and what the clients were
 * answered (and, with maximums in the storm, what the watchers heard). Pure, so the checks are
 * tested on their own (test/invariants.test.mjs); bench.mjs reads the rows.
 */

/**
 * The amounts a storm's maximums are set at end in this many fils (manual bids are whole tens),
 * so a watcher's frame that carries one is recognised without decoding every frame.
 */
export const MAX_MARK_FILS = 7;

/** The maximums the storm set: an amount (fils) that ends in MAX_MARK_FILS over a manual one. */
export const markMaxFils = (fils, marginFils) => Math.floor((fils + marginFils) / 10) * 10 + MAX_MARK_FILS;

/**
 * JSON numbers in a frame that end in the maximums' mark (JOD with 3 decimals, e.g. 12.347): a
 * value after `:`, `[` or `,` and before `,`, `}` or `]`. Not the seconds of a timestamp
 * (`"…T04:35:30.327Z"`), which a bare `\d+\.\d\d7` also matches: a maximum of 30.327 JOD then
 * looked heard whenever an end time or a bid's time fell on that millisecond.
 */
export const MARKED_AMOUNT = /(?<=[:[,])\d+\.\d\d7(?=[,}\]])/g;

/**
 * `auction`: { price, bidCount } as stored; `bids`: every bid in seq order { id, seq, bidderId,
 * amount, automatic }; `results`: the answers ({ status, bidId } for a bid, { kind: 'max',
 * status, bidderId, amountFils } for a maximum set); `heardAmounts`: the marked amounts (JOD
 * strings) watchers' frames carried. Answers the violations, in words.
 *   - every accepted manual bid stored once, every stored manual bid answered as accepted;
 *   - amounts rise strictly with seq (one price, one leader at a time), the price is the highest
 *     bid, the count is the stored bids;
 *   - an automatic bid only for a member whose maximum was accepted, and never above it (a
 *     leader's own automatic bid may follow theirs: a rival's new maximum above the price);
 *   - no maximum in any watcher's frame unless it became a bid (a price the auction showed).
 */
export function bidInvariantViolations({ auction, bids, results, heardAmounts = [] }) {
  const violations = [];
  const manual = bids.filter((b) => !b.automatic);
  const acceptedBids = results.filter((r) => r.kind !== 'max' && r.status === 200);
  const acceptedIds = new Set(acceptedBids.map((r) => r.bidId));
  if (manual.length !== acceptedBids.length)
    violations.push(`stored manual bids ${manual.length} ≠ accepted answers ${acceptedBids.length}`);
  if (acceptedIds.size !== acceptedBids.length) violations.push('an accepted bid id was answered twice');
  for (const b of manual)
    if (!acceptedIds.has(b.id)) violations.push(`stored bid ${b.id} was never answered as accepted`);
  for (let i = 1; i < bids.length; i++) {
    if (bids[i].amount <= bids[i - 1].amount) violations.push(`amount not increasing at seq ${bids[i].seq}`);
  }
  const highest = bids.length ? Math.max(...bids.map((b) => b.amount)) : null;
  if (highest !== null && auction.price !== highest) violations.push(`price ${auction.price} ≠ highest bid ${highest}`);
  if (auction.bidCount !== bids.length) violations.push(`bid_count ${auction.bidCount} ≠ stored ${bids.length}`);
  // A member's maximum may be replaced by a lower one later: no automatic bid above the highest they set.
  const maxOf = new Map();
  for (const r of results)
    if (r.kind === 'max' && r.status === 200) maxOf.set(r.bidderId, Math.max(maxOf.get(r.bidderId) ?? 0, r.amountFils));
  for (const b of bids.filter((x) => x.automatic)) {
    if (!maxOf.has(b.bidderId)) violations.push(`automatic bid at seq ${b.seq} for a member without a maximum`);
    else if (b.amount > maxOf.get(b.bidderId)) violations.push(`automatic bid at seq ${b.seq} above its maximum`);
  }
  const prices = new Set(bids.map((b) => b.amount));
  const secrets = new Set(results.filter((r) => r.kind === 'max').map((r) => r.amountFils));
  for (const heard of new Set(heardAmounts)) {
    const fils = Math.round(Number(heard) * 1000);
    if (secrets.has(fils) && !prices.has(fils)) violations.push(`a watcher heard the maximum ${heard}`);
  }
  return violations;
}
