import { Injectable, OnModuleInit } from '@nestjs/common';
import { auctionRoom } from '@mazad/contracts';
import { AppConfig } from '../config/app-config';
import { AUDIENCE_QUERY, type AudienceShare } from './process-events';
import { RealtimeGateway } from './realtime.gateway';

/** What the `new_bid` window is computed from (bid-broadcast.handler.ts, `broadcastWindowMs`). */
export interface Audience {
  /** The most sockets one process holds in the room: the gateway that writes the most frames per message. */
  largestRoom: number;
  /** Processes that may send the auction's `new_bid`, each at most once per window. */
  senders: number;
}

/**
 * How old the other processes' answers may be before they are asked again. Crowds grow over
 * seconds; one query per busy auction per process every few seconds costs Redis little (the
 * adapter's server count, one PUBLISH, and one answer per process).
 */
export const AUDIENCE_TTL_MS = 3_000;
/** An auction not asked about for this long is forgotten (the map holds busy auctions only). */
const FORGET_MS = 60_000;

/**
 * Combines this process's share with the others' answers. Every process that commits bids sends
 * the auction's `new_bid` on its own schedule, so each gateway hears one message per window from
 * each of them; the asking process is one of them, even before it knows of any other.
 */
export function audienceOf(own: AudienceShare, others: readonly AudienceShare[]): Audience {
  const all = [own, ...others];
  return {
    largestRoom: Math.max(...all.map((s) => s.watchers)),
    senders: Math.max(1, all.filter((s) => s.sendsBids).length),
  };
}

interface Known {
  others: AudienceShare[];
  askedAt: number;
  asking: boolean;
}

/**
 * The audience of an auction across processes (docs/realtime.md, "Adaptive window"). With roles
 * (MAZAD_ROLES), the process that commits a bid is often not the one holding its watchers: an
 * api process holds no socket at all. So the window is computed from what the gateways hold,
 * asked of every process with the adapter's `serverSideEmitWithAck` (both the classic and the
 * sharded Redis adapter carry it and its answers; socket.io ≥ 4.6).
 *
 * The bid path never waits for the answer: `of()` combines this process's room, read live, with
 * the last answers of the others and, when those are older than AUDIENCE_TTL_MS, asks again in the
 * background. An auction first asked about is judged on its local room until the answers arrive
 * (a few milliseconds): its first message goes out at once anyway. One process alone gets no
 * answer to wait for: its own room is the whole truth, as before roles.
 */
@Injectable()
export class AuctionAudience implements OnModuleInit {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly config: AppConfig,
  ) {}

  /** Every process answers the others' queries, whatever its roles (one without sockets holds 0). */
  onModuleInit(): void {
    this.gateway.server?.of('/').on(AUDIENCE_QUERY, (auctionId, answer) => answer(this.share(auctionId)));
  }

  of(auctionId: string): Audience {
    let known = this.known.get(auctionId);
    if (!known) {
      known = { others: [], askedAt: 0, asking: false };
      this.known.set(auctionId, known);
    }
    if (!known.asking && Date.now() - known.askedAt >= AUDIENCE_TTL_MS) this.ask(auctionId, known);
    return audienceOf(this.share(auctionId), known.others);
  }

  /**
   * A process takes bids when it serves the REST API or holds sockets (`place_bid`), and sends the
   * broadcast of each bid it commits; a worker-only process commits none.
   */
  private share(auctionId: string): AudienceShare {
    return {
      watchers: this.gateway.server?.of('/').adapter.rooms.get(auctionRoom(auctionId))?.size ?? 0,
      sendsBids: this.config.hasRole('api') || this.config.hasRole('gateway'),
    };
  }

  private ask(auctionId: string, known: Known): void {
    const server = this.gateway.server;
    if (!server) return;
    const askedAt = Date.now();
    known.askedAt = askedAt;
    known.asking = true;
    server
      .serverSideEmitWithAck(AUDIENCE_QUERY, auctionId)
      .then(
        (answers) => (known.others = answers),
        // A process that stopped between the count and its answer times the query out (the
        // adapter's 5 s): the answers that came are kept; with none, the last ones stay.
        (err: { responses?: AudienceShare[] }) => {
          if (err.responses?.length) known.others = err.responses;
        },
      )
      .finally(() => {
        known.asking = false;
        setTimeout(() => {
          if (this.known.get(auctionId) === known && known.askedAt === askedAt) this.known.delete(auctionId);
        }, FORGET_MS).unref();
      });
  }
}
