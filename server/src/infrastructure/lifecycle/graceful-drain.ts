import { INestApplication, Logger } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../../config/app-config';
import { Lifecycle } from './lifecycle';

/**
 * The signals that drain the process: SIGTERM from orchestrators; SIGINT (Ctrl+C) and SIGHUP (the
 * terminal closing), which npm start forwards to the server.
 */
const DRAIN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Socket.IO's own requests are not work in flight: a long poll is held open for up to the ping
 * interval, and the sockets are handed off as a whole (Lifecycle.addHandOff).
 */
const SOCKET_IO_PATH = '/socket.io/';

/**
 * A quiet spell the listener waits for before it closes, and a pause after: connections a client
 * opened just before the signal wait in the kernel's accept queue, and closing the listener would
 * reset them with their request unanswered; requests already written to an open connection must
 * be read (and counted as in flight) before the drain waits for them.
 */
const SETTLE_MS = 100;
/** The longest the listener stays open for connections that keep coming after the signal. */
const ACCEPT_AT_MOST_MS = 1_000;

/** How long the sockets get to flush what they were sent and close, then the HTTP connections. */
const CLOSE_MS = 1_000;

/**
 * Graceful exit on SIGTERM (docs/operations.md, "Draining a replica"), within SHUTDOWN_GRACE:
 * 1. readiness answers 503 (load balancers stop sending), new socket handshakes are refused and
 *    every HTTP answer from now on closes its connection;
 * 2. the listener closes once SETTLE_MS went by without a new connection (those already queued
 *    are served): no new connection;
 * 3. work in flight finishes — HTTP requests (a bid waiting in the BidSequencer is one) and
 *    socket bids (tracked by the bids gateway) — for at most half the grace;
 * 4. the flushes run: bid broadcasts waiting in their window go out at once (later ones are not
 *    held back), while the sockets and Redis that carry them are still open;
 * 5. the hand-offs run: every socket's transport is closed, so Socket.IO clients reconnect by
 *    themselves, to another replica;
 * 6. the remaining HTTP connections close;
 * 7. Nest's shutdown hooks close the BullMQ workers, Redis and PostgreSQL (app.close());
 * 8. exit 0. If the grace runs out first, the process logs it and exits 1 anyway.
 * Each step is logged. Installed by main.ts before the app listens (the request watch must
 * see every request).
 */
export function drainOnSignals(app: INestApplication, config: AppConfig): void {
  const lifecycle = app.get(Lifecycle);
  const server = app.getHttpServer() as Server;
  const responses = watchRequests(server, lifecycle);
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal changes nothing: the grace timer bounds the drain.
    if (draining) return;
    draining = true;
    drain(app, server, lifecycle, responses, config.shutdownGraceMs, signal).then(
      () => process.exit(0),
      (err: unknown) => {
        new Logger('Drain').error({ err }, 'Drain failed; exiting');
        process.exit(1);
      },
    );
  };
  for (const signal of DRAIN_SIGNALS) process.on(signal, onSignal);
}

/**
 * Counts every HTTP request (but Socket.IO's) as in flight until its response closes, and once
 * draining, answers with `Connection: close` so kept-alive connections end after their answer.
 * Runs before Fastify's own listener. Returns the responses still open.
 */
function watchRequests(server: Server, lifecycle: Lifecycle): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith(SOCKET_IO_PATH)) return;
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    open.add(res);
    // Only counted: the promise resolves once the response closes, whatever became of it.
    void lifecycle.track(
      new Promise<void>((resolve) =>
        res.once('close', () => {
          open.delete(res);
          resolve();
        }),
      ),
    );
  });
  return open;
}

async function drain(
  app: INestApplication,
  server: Server,
  lifecycle: Lifecycle,
  responses: Set<ServerResponse>,
  graceMs: number,
  signal: NodeJS.Signals,
): Promise<void> {
  const logger = new Logger('Drain');
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  setTimeout(() => {
    logger.error(`Drain not finished within SHUTDOWN_GRACE (${graceMs} ms): exiting now`);
    process.exit(1);
  }, graceMs).unref();

  lifecycle.beginDrain();
  for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
  logger.log(
    `${signal}: draining within ${graceMs} ms; readiness answers 503, socket handshakes are refused ` +
      `(${lifecycle.inFlight} request(s) and socket bid(s) in flight)`,
  );

  await acceptQueued(server);
  const closed = stopListening(server);
  logger.log('Stopped accepting connections');

  await afterPoll(SETTLE_MS);
  if (await within(lifecycle.idle(), graceMs / 2 - elapsed())) {
    logger.log(`Work in flight finished after ${elapsed()} ms`);
  } else {
    logger.warn(`${lifecycle.inFlight} request(s) or socket bid(s) still running after ${elapsed()} ms; going on`);
  }

  for (const [name, flush] of lifecycle.flushSteps) {
    try {
      logger.log(`Flushed ${name}: ${flush()} sent at once`);
    } catch (err) {
      logger.warn({ err }, `Flushing ${name} failed; going on`);
    }
  }

  for (const [name, handOff] of lifecycle.handOffSteps) {
    const handedOff = handOff().catch((err: unknown) => logger.warn({ err }, `Handing off ${name} failed`));
    if (await within(handedOff, CLOSE_MS)) logger.log(`Handed off ${name}: clients reconnect elsewhere`);
    else logger.warn(`Handing off ${name} took over ${CLOSE_MS} ms; going on`);
  }

  // Requests written meanwhile on kept-alive connections are read before idle ones are closed.
  await afterPoll(0);
  server.closeIdleConnections();
  if (!(await within(closed, CLOSE_MS))) {
    server.closeAllConnections();
    logger.warn('HTTP connections still open: closed');
  }
  logger.log('HTTP connections closed; closing BullMQ workers, Redis and PostgreSQL');
  await app.close();
  logger.log(`Drained in ${elapsed()} ms; exiting`);
}

/**
 * Resolves once a whole SETTLE_MS went by without a new connection (or after ACCEPT_AT_MOST_MS):
 * the load balancer has stopped sending, and what the kernel had queued has been accepted.
 */
async function acceptQueued(server: Server): Promise<void> {
  const until = Date.now() + ACCEPT_AT_MOST_MS;
  let accepted = true;
  const onConnection = () => (accepted = true);
  server.on('connection', onConnection);
  while (accepted && Date.now() < until) {
    accepted = false;
    await afterPoll(SETTLE_MS);
  }
  server.off('connection', onConnection);
}

/**
 * Waits `ms`, then for the event loop's next I/O poll to have run (a timer fires before the poll
 * of its loop turn; an immediate right after it): connections and data the kernel holds by then
 * have been accepted and read.
 */
async function afterPoll(ms: number): Promise<void> {
  await sleep(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Closes the listener only. Node's http `server.close()` also drops idle kept-alive
 * connections at once, and a request a client wrote on one just before the signal would be
 * lost unanswered; they are closed after the drain waited for work in flight instead.
 * Resolves once every connection has ended.
 */
function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
}

/** True if `work` settled within `ms` (at least 0). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new AbortController();
  const settled = work.then(
    () => true,
    () => true,
  );
  const timedOut = sleep(Math.max(0, ms), false, { signal: timeout.signal }).catch(() => false);
  const outcome = await Promise.race([settled, timedOut]);
  timeout.abort();
  return outcome;
}
