import { Injectable } from '@nestjs/common';
import { AUCTION_BUSY_RETRY_AFTER_SECONDS, tooManyRequests } from '../../common/errors/app.exception';
import { AppConfig } from '../../config/app-config';
import { exemptFromRateLimits, type RateLimitedMember } from '../../infrastructure/rate-limit/rate-limit.policies';
import { monotonicNow } from './clock';

/**
 * Requests one member may hold at once in one auction's queue, queued or on their way to it
 * (R-BID-BUSY). A member's own requests on an auction are a handful: the web app sends an action
 * and waits for its answer (a busy refusal is retried after it), so a bid, a maximum and a
 * buy-now from two or three devices, with a double click's twin, stay well under it. Ten keep
 * one member to 1 % of a queue of the default size (BID_QUEUE_MAX, 1,000): making an auction
 * busy takes a hundred verified accounts with requests in flight at the same moment, each also
 * under its bid rate (R-BID-RATE). Lifted with the rate limits (`RATE_LIMITS=off`) and for
 * load-test members (R-RATE-LIMITS): there a few accounts stand for many bidders.
 */
export const MEMBER_TICKETS_PER_AUCTION = 10;

/** Released tickets left at the front of the issue order before it is compacted (see expire). */
const COMPACT_AFTER = 1_024;

/** A request's place at its auction's door, held from its admission until it is answered (AdmissionTickets). */
export interface AdmissionTicket {
  /** Gives the place back; call it once the request is answered, whatever the answer (again: nothing). */
  release(): void;
}

/** One auction's tickets. */
interface AuctionDoor {
  auctionId: string;
  /** Tickets whose request has not reached the queue yet. */
  onWay: number;
  /** Each member's tickets, in issue order (a handful: MEMBER_TICKETS_PER_AUCTION). */
  members: Map<string, Ticket[]>;
}

class Ticket implements AdmissionTicket {
  /** Counted in its door's `onWay` until its member's request joins the queue (arrived). */
  onWay = true;
  released = false;

  constructor(
    private readonly doors: Map<string, AuctionDoor>,
    private readonly door: AuctionDoor,
    private readonly memberId: string,
    /** `monotonicNow()` from which it is released anyway (AdmissionTickets.expire). */
    readonly expiresAt: number,
  ) {}

  /** Its request joined the queue, which counts it from now on. */
  arrived(): void {
    this.onWay = false;
    this.door.onWay--;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    const { door } = this;
    if (this.onWay) door.onWay--;
    const held = door.members.get(this.memberId)!;
    held.splice(held.indexOf(this), 1);
    if (held.length > 0) return;
    door.members.delete(this.memberId);
    if (door.members.size === 0 && this.doors.get(door.auctionId) === door) this.doors.delete(door.auctionId);
  }
}

/**
 * The bookkeeping of admission control's door (R-BID-BUSY, docs/reliability.md, "Overload"): a
 * request admitted at the door (BidActions.admit) and known admissible as far as the door can tell
 * without I/O — a well-formed request of a signed-in member, verified where the call needs it —
 * gets a ticket. Its auction counts it as on its way until it joins the queue (which counts it
 * then), so a door facing a flood does not see a short queue and admit it all. A ticket is
 * released when its request is answered, whatever the answer (HTTP: BidAdmissionInterceptor;
 * the socket: the acknowledgement, SocketEventGate), so a request refused on its way (its rate
 * limit, its idempotency key's replay, the member's verification) frees its place at once; the
 * deadline is only a backstop (a socket event dropped before its handler). And one member holds
 * at most MEMBER_TICKETS_PER_AUCTION tickets per auction: their own flood cannot take the
 * places of others. Memory and arithmetic only: no Redis, no database, no log line.
 */
@Injectable()
export class AdmissionTickets {
  private readonly doors = new Map<string, AuctionDoor>();
  /** Every ticket still held or not yet dropped, oldest first (so also by expiry: see expire). */
  private issued: Ticket[] = [];
  private head = 0;
  private readonly deadlineMs: number;
  private readonly limitsOn: boolean;

  constructor(config: AppConfig) {
    this.deadlineMs = config.bidAdmission.deadlineMs;
    this.limitsOn = config.rateLimitsEnabled;
  }

  /** The tickets of `auctionId` whose request has not joined its queue yet. */
  onTheirWay(auctionId: string, now = monotonicNow()): number {
    this.expire(now);
    return this.doors.get(auctionId)?.onWay ?? 0;
  }

  /**
   * A ticket for the member's admissible request on `auctionId`; throws 429
   * TOO_MANY_PENDING_BIDS when they already hold MEMBER_TICKETS_PER_AUCTION there.
   */
  issue(auctionId: string, member: RateLimitedMember, now = monotonicNow()): AdmissionTicket {
    this.expire(now);
    const held = this.doors.get(auctionId)?.members.get(member.id);
    if (held && held.length >= MEMBER_TICKETS_PER_AUCTION && this.limitsOn && !exemptFromRateLimits(member)) {
      throw tooManyRequests('TOO_MANY_PENDING_BIDS', AUCTION_BUSY_RETRY_AFTER_SECONDS);
    }
    let door = this.doors.get(auctionId);
    if (!door) {
      door = { auctionId, onWay: 0, members: new Map() };
      this.doors.set(auctionId, door);
    }
    const ticket = new Ticket(this.doors, door, member.id, now + this.deadlineMs);
    if (held) held.push(ticket);
    else door.members.set(member.id, [ticket]);
    door.onWay++;
    this.issued.push(ticket);
    return ticket;
  }

  /**
   * A request of `memberId` joined the queue of `auctionId`: the member's oldest ticket still on
   * its way stands for it (their tickets are alike; a request admitted without one changes nothing).
   */
  arrived(auctionId: string, memberId: string): void {
    const ticket = this.doors
      .get(auctionId)
      ?.members.get(memberId)
      ?.find((t) => t.onWay);
    ticket?.arrived();
  }

  /**
   * Releases the tickets past their deadline (their release never came: an event dropped before
   * its handler; by then the request would be refused anyway), and drops released ones, from the
   * oldest. Tickets are issued
   * with the same deadline, so the oldest expires first: each call looks only at the front.
   */
  private expire(now: number) {
    const issued = this.issued;
    let head = this.head;
    while (head < issued.length && (issued[head].released || issued[head].expiresAt <= now)) issued[head++].release();
    if (head === issued.length) {
      issued.length = 0;
      head = 0;
    } else if (head >= COMPACT_AFTER && head * 2 >= issued.length) {
      this.issued = issued.slice(head);
      head = 0;
    }
    this.head = head;
  }
}
