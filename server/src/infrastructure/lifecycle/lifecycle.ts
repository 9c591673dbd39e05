import { Injectable } from '@nestjs/common';

/** Resolves when its part of the process is ready to take traffic; rejects (or never settles) otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

/** Tells one kind of long-lived client to reconnect elsewhere; resolves once they are gone. */
export type HandOff = () => Promise<void>;

/** Sends at once what one part of the process was holding back; answers how many it sent. */
export type Flush = () => number;

/**
 * Where this process stands between start and exit, shared by the health routes and the drain
 * (docs/operations.md, "Health" and "Draining a replica"):
 * - `draining` turns true once on SIGTERM: readiness answers 503 from then on, new socket
 *   handshakes are refused and HTTP answers close their connection;
 * - readiness checks beyond PostgreSQL and Redis are registered by the parts that need them
 *   (the socket gateway: its Redis adapter's subscriber);
 * - flushes are registered by the parts that hold messages back (the bid broadcasts waiting in
 *   their window): the drain sends them before the sockets and Redis close;
 * - hand-offs are registered the same way (the socket gateway: close every socket's transport,
 *   so that clients reconnect to another replica);
 * - work in flight (HTTP requests, socket bids) is tracked, so the drain can wait for it
 *   before it closes connections.
 */
@Injectable()
export class Lifecycle {
  private drainingFlag = false;
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly flushes = new Map<string, Flush>();
  private readonly handOffs = new Map<string, HandOff>();
  private readonly running = new Set<Promise<unknown>>();
  private idleWaiters: (() => void)[] = [];

  get draining(): boolean {
    return this.drainingFlag;
  }

  beginDrain(): void {
    this.drainingFlag = true;
  }

  addReadinessCheck(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  get readinessChecks(): ReadonlyMap<string, ReadinessCheck> {
    return this.checks;
  }

  addFlush(name: string, flush: Flush): void {
    this.flushes.set(name, flush);
  }

  get flushSteps(): ReadonlyMap<string, Flush> {
    return this.flushes;
  }

  addHandOff(name: string, handOff: HandOff): void {
    this.handOffs.set(name, handOff);
  }

  get handOffSteps(): ReadonlyMap<string, HandOff> {
    return this.handOffs;
  }

  /** Counts `work` as in flight until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => {
      this.running.delete(work);
      if (this.running.size > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    };
    work.then(done, done);
    return work;
  }

  get inFlight(): number {
    return this.running.size;
  }

  /** Resolves once nothing tracked is in flight (at once when nothing is). */
  idle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
