import { Injectable } from '@nestjs/common';
import type { ApiErrorBody } from '@mazad/contracts';

/** A feature's check in front of one socket event: the error body to answer, or null to let the event through. */
export type SocketEventCheck = (payload: unknown) => ApiErrorBody | null;

/** A Socket.IO packet as a middleware sees it: the event's name, then its arguments (the acknowledgement last). */
type Packet = unknown[];

/**
 * Checks that run on a member socket's events before the member is re-read from the database
 * (RealtimeGateway.handleConnection), so that a refusal there costs no query. The bid path's
 * admission control is one (BidsGateway, R-BID-BUSY): under overload, a busy auction's bid is
 * refused before its sender is read, its key claimed or its rate limit counted — a refusal
 * that cost a query each would fill the database pool the engine needs to catch up. A refused
 * event is answered on its acknowledgement only, exactly as its handler would have answered it.
 */
@Injectable()
export class SocketEventGate {
  private readonly checks = new Map<string, SocketEventCheck>();

  /** Puts `check` in front of `event` (one check per event). */
  register(event: string, check: SocketEventCheck): void {
    this.checks.set(event, check);
  }

  /** The socket middleware (`socket.use`). */
  readonly middleware = (packet: Packet, next: (err?: Error) => void): void => {
    const refusal = this.checks.get(packet[0] as string)?.(packet[1]) ?? null;
    if (!refusal) return next();
    const ack = packet.at(-1);
    if (typeof ack === 'function') (ack as (body: ApiErrorBody) => void)(refusal);
  };
}
