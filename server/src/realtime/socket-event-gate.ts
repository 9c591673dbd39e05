import { Injectable } from '@nestjs/common';
import type { ApiErrorBody } from '@mazad/contracts';
import type { AuthUser } from '../auth';

/** Something an event let through holds until it is answered (the bid path's admission ticket). */
export interface HeldUntilAnswered {
  release(): void;
}

/**
 * A feature's check in front of one socket event, given the member as last re-read: the error
 * body to answer, what the event holds until its acknowledgement is sent, or null to let it
 * through as it is.
 */
export type SocketEventCheck = (
  payload: unknown,
  member: AuthUser | undefined,
) => ApiErrorBody | HeldUntilAnswered | null;

/** A Socket.IO packet as a middleware sees it: the event's name, then its arguments (the acknowledgement last). */
type Packet = unknown[];

const isHeld = (verdict: ApiErrorBody | HeldUntilAnswered): verdict is HeldUntilAnswered => 'release' in verdict;

/**
 * Checks that run on a member socket's events before the member is re-read from the database
 * (RealtimeGateway.handleConnection), so that a refusal there costs no query. The bid path's
 * admission control is one (BidsGateway, R-BID-BUSY): under overload, a busy auction's bid is
 * refused before its sender is read, its key claimed or its rate limit counted — a refusal
 * that cost a query each would fill the database pool the engine needs to catch up. A refused
 * event is answered on its acknowledgement only, exactly as its handler would have answered it.
 * What an admitted event holds is released when its acknowledgement is sent, whatever the
 * answer and whoever sends it (the handler, SocketErrorsFilter), or at once when it has none
 * (no handler answers it).
 */
@Injectable()
export class SocketEventGate {
  private readonly checks = new Map<string, SocketEventCheck>();

  /** Puts `check` in front of `event` (one check per event). */
  register(event: string, check: SocketEventCheck): void {
    this.checks.set(event, check);
  }

  /** The socket middleware (`socket.use`) of a socket whose member is `socket.data.user`. */
  middleware(socket: { data: { user?: AuthUser } }) {
    return (packet: Packet, next: (err?: Error) => void): void => {
      const verdict = this.checks.get(packet[0] as string)?.(packet[1], socket.data.user) ?? null;
      if (!verdict) return next();
      const last = packet.length - 1;
      const ack = packet[last];
      if (isHeld(verdict)) {
        if (typeof ack !== 'function') verdict.release();
        else
          packet[last] = (...args: unknown[]) => {
            verdict.release();
            (ack as (...answer: unknown[]) => void)(...args);
          };
        return next();
      }
      if (typeof ack === 'function') (ack as (body: ApiErrorBody) => void)(verdict);
    };
  }
}
