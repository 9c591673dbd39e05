/**
 * The market scenario's plan (pure, so test/market.test.mjs checks it on its own): which auction
 * each watcher joins and each bid goes to, by a skewed popularity, and the amount of each bid.
 *
 * Popularity is Zipf's law over the auctions' ranks: auction k (0-based) is chosen with a weight
 * 1 / (k + 1)^skew. With skew 1 and 1,000 auctions the hottest gets 13 % of the watchers and bids
 * (1 / H(1000) ≈ 1 / 7.49), the tenth 1.3 %, the last 0.013 %: a few auctions with hundreds or
 * thousands of watchers, a long tail with a few or none. Skew 0 is uniform. Watchers and bids
 * share the ranking (the auctions people watch are the ones they bid on), and both are drawn
 * from a seeded generator, so two runs with the same seed offer the same load.
 */

/** A seeded uniform generator in [0, 1) (mulberry32): small, fast, and the same stream for the same seed. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each auction's share (summing to 1): 1 / (rank)^skew, normalised. */
export function zipfShares(auctions, skew) {
  if (!(auctions >= 1)) throw new Error('a market needs at least one auction');
  if (!(skew >= 0)) throw new Error('the skew is a number ≥ 0');
  const weights = Array.from({ length: auctions }, (_, k) => 1 / (k + 1) ** skew);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

/**
 * Draws auction indexes (0 = the hottest) by their Zipf shares from a seeded generator:
 * `pick()` → index. Every auction has a share above zero, so each can be drawn.
 */
export function popularity({ auctions, skew, seed }) {
  const shares = zipfShares(auctions, skew);
  const cumulative = new Float64Array(auctions);
  let sum = 0;
  shares.forEach((share, k) => (cumulative[k] = sum += share));
  cumulative[auctions - 1] = 1; // rounding never leaves the top of [0, 1) unreachable
  const random = seededRandom(seed);
  return {
    shares,
    pick() {
      const u = random();
      let lo = 0;
      let hi = auctions - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > u) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
  };
}

/**
 * Each auction's own price ladder: the n-th bid sent to an auction offers its starting price
 * plus n × `stepFils`. Amounts rise per auction in sending order, as in the single-auction
 * storm, so the only refusals are a bid overtaken on its way by a higher one on the same
 * auction (BID_TOO_LOW), which is what a real market sees too.
 */
export function createLadder(auctions, startingFils, stepFils = 10) {
  const sent = new Uint32Array(auctions);
  return {
    /** The amount (fils) of the next bid on auction `k`. */
    next: (k) => startingFils + stepFils * ++sent[k],
    /** Bids sent so far to auction `k`. */
    sent: (k) => sent[k],
  };
}

/**
 * The whole plan: `watcherAuctions[j]` is watcher j's auction index; `target(i)` the i-th bid's
 * `{ auction, amountFils }` (call it in order i = 0, 1, …: the draws and the ladder are a stream).
 * Watchers and bids draw from two generators of the same seed, so either's count leaves the
 * other's draws unchanged.
 */
export function marketPlan({ auctions, watchers, skew, seed, startingFils }) {
  const forWatchers = popularity({ auctions, skew, seed });
  const watcherAuctions = Array.from({ length: watchers }, () => forWatchers.pick());
  const forBids = popularity({ auctions, skew, seed: seed + 1 });
  const ladder = createLadder(auctions, startingFils);
  return {
    shares: forBids.shares,
    watcherAuctions,
    target() {
      const auction = forBids.pick();
      return { auction, amountFils: ladder.next(auction) };
    },
  };
}
