import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@mazad/contracts';
import type { Socket } from 'socket.io';
import { AppException } from '../common/errors/app.exception';
import { describeError } from '../common/errors/error-body';
import { answerSocketError } from '../common/errors/socket-errors.filter';
import { AppConfig } from '../config/app-config';

/** Events one socket may send per second, on average. */
export const SOCKET_EVENTS_PER_SECOND = 20;
/**
 * Events one socket may send at once after a quiet spell: room for the web app changing page,
 * which leaves the rooms of up to 50 cards (the home page, MAX_AUCTION_ROOMS) and joins the next
 * page's in one go.
 */
export const SOCKET_EVENT_BURST = 120;
/**
 * Refusals a socket may collect before it is disconnected for ignoring them, forgiven at
 * REFUSALS_FORGIVEN_PER_SECOND. Counted by a bucket of their own rather than "in a row": a token
 * that comes back every 50 ms would otherwise reset a row, and a socket flooding at a few hundred
 * events a second would never be let go.
 */
export const SOCKET_REFUSALS_BEFORE_DISCONNECT = 100;
const REFUSALS_FORGIVEN_PER_SECOND = 1;

const REFUSAL: ErrorCode = 'SOCKET_EVENT_RATE_LIMITED';

/**
 * A token bucket: `rate` tokens a second up to `burst`; each event takes one. Written here
 * rather than taken from rate-limiter-flexible because its state belongs to one socket on one
 * replica and is checked synchronously before every event (socket bids included): no store, no
 * key, no timer, gone with the socket.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes a token if there is one (`now` in milliseconds, monotonic). */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The per-socket event rate, for every socket (visitors too) and every event: beyond it an
 * event is not handled; the socket hears `error { code: 'SOCKET_EVENT_RATE_LIMITED' }` and the
 * event's acknowledgement, if it asked for one, gets the error body. A socket that keeps sending
 * through its refusals (SOCKET_REFUSALS_BEFORE_DISCONNECT more than one a second) is
 * disconnected. Bids sent over the
 * socket also count against the member's bid limit, as over HTTP. `RATE_LIMITS=off` lifts it.
 */
@Injectable()
export class SocketEventRate {
  constructor(private readonly config: AppConfig) {}

  limit(socket: Socket): void {
    if (!this.config.rateLimitsEnabled) return;
    const events = new TokenBucket(SOCKET_EVENTS_PER_SECOND, SOCKET_EVENT_BURST, performance.now());
    const refusals = new TokenBucket(
      REFUSALS_FORGIVEN_PER_SECOND,
      SOCKET_REFUSALS_BEFORE_DISCONNECT,
      performance.now(),
    );
    socket.use((packet, next) => {
      const now = performance.now();
      if (events.take(now)) return next();
      answerSocketError(socket, packet, describeError(new AppException(REFUSAL)).body);
      if (!refusals.take(now)) socket.disconnect(true);
    });
  }
}
