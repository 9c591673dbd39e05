import { AppException } from '../../common/errors/app.exception';
import type { AppConfig } from '../../config/app-config';
import { AdmissionTickets, MEMBER_TICKETS_PER_AUCTION } from './admission-tickets';

const A = 'auction-a';
const B = 'auction-b';
const DEADLINE_MS = 500;

function ticketsWith({ rateLimitsEnabled = true } = {}) {
  return new AdmissionTickets({ bidAdmission: { deadlineMs: DEADLINE_MS }, rateLimitsEnabled } as AppConfig);
}

/** The code `issue` refused with, or 'issued'. */
function verdict(issue: () => unknown): string {
  try {
    issue();
    return 'issued';
  } catch (err) {
    expect(err).toBeInstanceOf(AppException);
    return (err as AppException).code;
  }
}

describe('AdmissionTickets', () => {
  it('counts a ticket as on its way until its request joins the queue, and nothing once released', () => {
    const tickets = ticketsWith();
    const t1 = tickets.issue(A, { id: 'm1' }, 0);
    tickets.issue(A, { id: 'm2' }, 0);
    tickets.issue(B, { id: 'm1' }, 0);
    expect(tickets.onTheirWay(A, 1)).toBe(2);
    // m1's request joins A's queue: the queue counts it from now on.
    tickets.arrived(A, 'm1');
    expect(tickets.onTheirWay(A, 1)).toBe(1);
    // A request admitted without a ticket joins: nothing changes.
    tickets.arrived(A, 'm3');
    expect(tickets.onTheirWay(A, 1)).toBe(1);
    // Released after its answer: neither on its way nor held (again: nothing).
    t1.release();
    t1.release();
    expect(tickets.onTheirWay(A, 1)).toBe(1);
    expect(tickets.onTheirWay(B, 1)).toBe(1);
  });

  it('a request refused on its way gives its place back at once, not at its deadline', () => {
    const tickets = ticketsWith();
    const refusedOnItsWay = tickets.issue(A, { id: 'm1' }, 0);
    refusedOnItsWay.release();
    expect(tickets.onTheirWay(A, 1)).toBe(0);
  });

  it(`holds at most ${MEMBER_TICKETS_PER_AUCTION} tickets per member and auction: the next is 429 TOO_MANY_PENDING_BIDS`, () => {
    const tickets = ticketsWith();
    const held = Array.from({ length: MEMBER_TICKETS_PER_AUCTION }, () => tickets.issue(A, { id: 'm1' }, 0));
    const refusal = (() => {
      try {
        tickets.issue(A, { id: 'm1' }, 0);
      } catch (err) {
        return (err as AppException).getResponse();
      }
    })();
    expect(refusal).toMatchObject({ statusCode: 429, code: 'TOO_MANY_PENDING_BIDS', retryAfter: 1 });
    // Queued ones count as much as those on their way (held until answered).
    tickets.arrived(A, 'm1');
    expect(verdict(() => tickets.issue(A, { id: 'm1' }, 0))).toBe('TOO_MANY_PENDING_BIDS');
    // Another member, and the same member on another auction, are not concerned.
    expect(verdict(() => tickets.issue(A, { id: 'm2' }, 0))).toBe('issued');
    expect(verdict(() => tickets.issue(B, { id: 'm1' }, 0))).toBe('issued');
    // One answered: one more may come.
    held[0].release();
    expect(verdict(() => tickets.issue(A, { id: 'm1' }, 0))).toBe('issued');
    expect(verdict(() => tickets.issue(A, { id: 'm1' }, 0))).toBe('TOO_MANY_PENDING_BIDS');
    // The refusals took nothing: on A's way are m1's first ones but the one queued, m1's new one and m2's.
    expect(tickets.onTheirWay(A, 1)).toBe(MEMBER_TICKETS_PER_AUCTION - 1 + 1 + 1);
  });

  it('lifts the cap with the rate limits (RATE_LIMITS=off) and for load-test members', () => {
    const off = ticketsWith({ rateLimitsEnabled: false });
    const on = ticketsWith();
    for (let i = 0; i < MEMBER_TICKETS_PER_AUCTION * 3; i++) {
      off.issue(A, { id: 'm1' }, 0);
      on.issue(A, { id: 'load', loadTest: true }, 0);
    }
    expect(off.onTheirWay(A, 1)).toBe(MEMBER_TICKETS_PER_AUCTION * 3);
    expect(on.onTheirWay(A, 1)).toBe(MEMBER_TICKETS_PER_AUCTION * 3);
  });

  it('releases a ticket never answered at its deadline (the backstop), oldest first', () => {
    const tickets = ticketsWith();
    tickets.issue(A, { id: 'm1' }, 0);
    tickets.issue(A, { id: 'm2' }, 100);
    expect(tickets.onTheirWay(A, DEADLINE_MS - 1)).toBe(2);
    expect(tickets.onTheirWay(A, DEADLINE_MS)).toBe(1);
    expect(tickets.onTheirWay(A, DEADLINE_MS + 100)).toBe(0);
    // Its member's place came back with it.
    for (let i = 0; i < MEMBER_TICKETS_PER_AUCTION; i++) tickets.issue(A, { id: 'm1' }, DEADLINE_MS + 200);
    expect(verdict(() => tickets.issue(A, { id: 'm1' }, DEADLINE_MS + 200))).toBe('TOO_MANY_PENDING_BIDS');
  });

  it('keeps nothing of a storm once it is answered', () => {
    const tickets = ticketsWith({ rateLimitsEnabled: false });
    for (let round = 0; round < 5; round++) {
      const storm = Array.from({ length: 1_000 }, (_, i) => tickets.issue(`auction-${i % 7}`, { id: `m${i}` }, round));
      storm.forEach((t, i) => (i % 2 ? t.release() : tickets.arrived(`auction-${i % 7}`, `m${i}`)));
      storm.forEach((t) => t.release());
    }
    tickets.onTheirWay(A, 10);
    const internals = tickets as unknown as { doors: Map<string, unknown>; issued: unknown[] };
    expect(internals.doors.size).toBe(0);
    expect(internals.issued).toHaveLength(0);
  });
});
