/**
 * What a chaos scenario must leave true, judged from the database and from the clients' own
 * records (never from the server's answers alone). Each check is { ok, … figures }.
 */

/** Open statuses, as stored (contracts' OPEN_STATUSES). */
import { AuctionStatus, OPEN_STATUSES } from '@mazad/contracts';

/**
 * @param {import('pg').Pool} db
 * @param {{ hotAuctionId: string, auctionIds: string[], records: object[], watchers: object[],
 *   endBoundSec: number, health: boolean[] }} run
 */
export async function checkScenario(db, { hotAuctionId, auctionIds, records, watchers, endBoundSec, health }) {
  const { rows: stored } = await db.query(
    `SELECT id, seq::int, bidder_id, amount_fils::bigint AS amount, is_cancelled,
            extract(epoch FROM created_at) AS created
       FROM bids WHERE auction_id = $1 ORDER BY seq`,
    [hotAuctionId],
  );
  const { rows: auctions } = await db.query(
    `SELECT a.id, a.status, a.winner_id, a.current_price_fils::bigint AS price, a.bid_count, a.starting_price_fils::bigint AS starting,
            extract(epoch FROM a.end_time) AS end_time, extract(epoch FROM a.ended_at) AS ended_at,
            (SELECT b.bidder_id FROM bids b WHERE b.auction_id = a.id AND NOT b.is_cancelled ORDER BY b.amount_fils DESC LIMIT 1) AS top_bidder
       FROM auctions a WHERE a.id = ANY($1)`,
    [auctionIds],
  );

  // Every record has its own amount, so amounts identify bids between the two sides.
  const byAmount = new Map();
  for (const b of stored) byAmount.set(Number(b.amount), [...(byAmount.get(Number(b.amount)) ?? []), b]);
  const acknowledged = records.filter((r) => r.outcome === 'acknowledged');
  const lost = acknowledged.filter((r) => !(byAmount.get(r.amountFils) ?? []).some((b) => b.id === r.bidId));
  const duplicated = [...byAmount.values()].reduce((n, rows) => n + rows.length - 1, 0);
  const recordByAmount = new Map(records.map((r) => [r.amountFils, r]));
  // A stored bid its client did not see acknowledged: answered as an error, or never answered.
  const unacknowledgedStored = stored.filter((b) => recordByAmount.get(Number(b.amount))?.outcome !== 'acknowledged');
  const strangers = stored.filter((b) => !recordByAmount.has(Number(b.amount)));

  let increasing = true;
  for (let i = 1; i < stored.length; i++)
    if (Number(stored[i].amount) <= Number(stored[i - 1].amount)) increasing = false;

  const hot = auctions.find((a) => a.id === hotAuctionId);
  const afterEnd = stored.filter((b) => hot != null && Number(b.created) > Number(hot.end_time));
  const leftOpen = auctions.filter((a) => OPEN_STATUSES.includes(a.status) || a.ended_at == null);
  const lateness = auctions.filter((a) => a.ended_at != null).map((a) => Number(a.ended_at) - Number(a.end_time));
  const maxLateSec = lateness.length ? Math.max(...lateness) : null;
  const maxPrice = stored.length ? Math.max(...stored.map((b) => Number(b.amount))) : Number(hot?.starting ?? 0);
  const hotConsistent =
    hot != null &&
    Number(hot.price) === maxPrice &&
    Number(hot.bid_count) === stored.length &&
    hot.winner_id === (hot.top_bidder ?? null) &&
    hot.status === (stored.length ? AuctionStatus.Sold : AuctionStatus.Unsold);
  const heardEndTwice = watchers.filter((w) => w.ended > 1).length;
  const converged = watchers.filter((w) => w.priceFils === Number(hot?.price) && w.status === hot?.status).length;
  const gaveUp = records.filter((r) => r.outcome === 'gaveUp');
  const conflicts = records.filter((r) => r.code === 'IDEMPOTENCY_CONFLICT');

  const checks = {
    acknowledgedStoredOnce: { ok: lost.length === 0 && duplicated === 0, lost: lost.length, duplicated },
    noStoredBidAnsweredAsError: {
      ok: unacknowledgedStored.length === 0 && strangers.length === 0,
      count: unacknowledgedStored.length,
      examples: unacknowledgedStored.slice(0, 5).map((b) => {
        const r = recordByAmount.get(Number(b.amount));
        return {
          seq: b.seq,
          amountFils: Number(b.amount),
          outcome: r?.outcome ?? 'unknown',
          code: r?.code,
          attempts: r?.attempts,
        };
      }),
    },
    everyBidAnswered: { ok: gaveUp.length === 0, gaveUp: gaveUp.length },
    // The clients never reuse a key for another bid: a conflict can only be a retry refused.
    retriesHonoured: { ok: conflicts.length === 0, refusedAsConflict: conflicts.length },
    amountsIncrease: { ok: increasing },
    noBidAfterEnd: { ok: afterEnd.length === 0, count: afterEnd.length },
    endedExactlyOnce: {
      ok: leftOpen.length === 0 && hotConsistent && heardEndTwice === 0,
      auctions: auctions.length,
      leftOpen: leftOpen.length,
      priceBidCountWinnerConsistent: hotConsistent,
      watchersHearingEndTwice: heardEndTwice,
    },
    endedOnTime: {
      ok: maxLateSec !== null && maxLateSec <= endBoundSec && lateness.length === auctions.length,
      maxLateSec: maxLateSec === null ? null : Math.round(maxLateSec * 100) / 100,
      boundSec: endBoundSec,
    },
    watchersConverged: { ok: converged === watchers.length, converged, watchers: watchers.length },
    healthy: { ok: health.every(Boolean), replicas: health.length },
  };
  return {
    acknowledged: acknowledged.length,
    lost: lost.length,
    duplicated,
    leftOpen: leftOpen.length,
    stored: stored.length,
    finalPriceFils: Number(hot?.price ?? 0),
    checks,
  };
}
