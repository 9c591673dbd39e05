import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import type { Writable } from 'node:stream';
import { selfSignedCertificate, trustInThisProcess } from './test-tls';

/**
 * How an outside service misbehaves:
 * - `unresponsive`: accepts the connection and the request, never answers;
 * - `trickle`: answers a byte every TRICKLE_EVERY_MS, for ever (no idle timeout ever fires);
 * - `cut`: starts the answer (an HTTP status and headers, the first bytes of an SMTP reply), then
 *   drops the connection;
 * - `huge`: answers HUGE_ANSWER_BYTES as fast as the client reads them;
 * - `tls`: presents a certificate nobody trusts.
 */
export type Fault = 'unresponsive' | 'trickle' | 'cut' | 'huge' | 'tls';

export const FAULTS: readonly Fault[] = ['unresponsive', 'trickle', 'cut', 'huge', 'tls'];

/** 150 MB: the answer that grew a worker by 206 MB when read whole. */
export const HUGE_ANSWER_BYTES = 150 * 1024 * 1024;

/** Faster than any idle timeout the clients could have (they are at most the deadline). */
export const TRICKLE_EVERY_MS = 200;

/**
 * Writes `total` bytes of `x` to `out` from one 64 KiB buffer, as fast as the reader takes them
 * (backpressure), so the fake stays small whatever it sends; stops when the reader leaves.
 */
function streamBytes(out: Writable, total: number, onDone: () => void): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  const more = () => {
    while (sent < total && !out.destroyed) {
      sent += chunk.length;
      if (!out.write(chunk)) return;
    }
    if (sent >= total) onDone();
  };
  out.on('drain', more);
  more();
}

/** Writes one byte every TRICKLE_EVERY_MS until the connection closes. */
function trickle(out: Writable, socket: Socket): void {
  const timer = setInterval(() => out.write('x'), TRICKLE_EVERY_MS);
  socket.once('close', () => clearInterval(timer));
}

/**
 * A TLS service on 127.0.0.1 (a certificate this test process trusts) whose `fault` the test
 * sets. Every connection first reaches a TCP front, which hands it to the TLS server, or with the
 * `tls` fault to one whose certificate nobody trusts. It counts the connections that carried a
 * request and are still open, so a test sees the client hang up on a stuck call. (A connection
 * opened and never used is not counted: undici may open one after an abort and close it once
 * idle, https://github.com/nodejs/undici/issues/5845.)
 */
abstract class FaultyTlsService {
  fault: Fault | null = null;
  /** Requests (HTTP) or sessions (SMTP) that reached the service past TLS. */
  requests = 0;
  origin = '';
  private readonly inUse = new Set<Socket>();
  private readonly connections = new Set<Socket>();
  private front?: Server;
  private trusted?: TlsServer;
  private untrusted?: TlsServer;
  private untrust?: () => void;

  protected abstract serve(certificate: { key: Buffer; cert: Buffer }): TlsServer;

  async start(): Promise<this> {
    const certificate = selfSignedCertificate();
    this.untrust = trustInThisProcess(certificate.cert);
    this.trusted = this.serve(certificate);
    this.untrusted = createTlsServer(selfSignedCertificate(), (socket) => socket.destroy());
    for (const server of [this.trusted, this.untrusted]) server.on('tlsClientError', () => undefined);
    this.front = createTcpServer((socket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
      socket.on('error', () => socket.destroy());
      // The client hung up (its FIN): close at once, rather than hold the half-open connection
      // Node's HTTP server keeps for a response this fake will never finish.
      socket.once('end', () => socket.destroy());
      (this.fault === 'tls' ? this.untrusted! : this.trusted!).emit('connection', socket);
    });
    await new Promise<void>((resolve) => this.front!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.front.address() as { port: number }).port}`;
    return this;
  }

  get port(): number {
    return Number(new URL(this.origin).port);
  }

  /** Connections that carried a request (HTTP) or a session (SMTP), not closed yet. */
  get connectionsInUse(): number {
    return this.inUse.size;
  }

  /** Counts a request or a session, and its connection until it closes. */
  protected served(socket: Socket): void {
    this.requests += 1;
    if (this.inUse.has(socket)) return;
    this.inUse.add(socket);
    socket.once('close', () => this.inUse.delete(socket));
  }

  async stop(): Promise<void> {
    this.untrust?.();
    for (const socket of this.connections) socket.destroy();
    await new Promise((resolve) => this.front?.close(resolve));
  }
}

/**
 * An HTTPS service (a push service, the Telegram Bot API) answering every POST with its fault,
 * or as `healthy` says while there is none.
 */
export class FaultyHttpsService extends FaultyTlsService {
  constructor(private readonly healthy: (req: IncomingMessage, res: ServerResponse) => void) {
    super();
  }

  protected serve(certificate: { key: Buffer; cert: Buffer }): TlsServer {
    return createHttpsServer(certificate, (req, res) => {
      req.resume();
      req.on('end', () => {
        this.served(req.socket);
        this.answer(req, res);
      });
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const socket = res.socket!;
    switch (this.fault) {
      case null:
      case 'tls':
        return this.healthy(req, res);
      case 'unresponsive':
        return;
      case 'trickle':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(HUGE_ANSWER_BYTES) });
        res.flushHeaders();
        return trickle(res, socket);
      case 'cut':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"ok":tr', () => socket.destroy());
        return;
      case 'huge':
        // Chunked: no length announced, so only counting what arrives can stop it.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return streamBytes(res, HUGE_ANSWER_BYTES, () => res.end());
    }
  }
}

export interface FaultySmtpMail {
  to: string[];
  raw: string;
}

/**
 * An SMTP server over implicit TLS (`smtps://`) that plays its fault when a message is addressed
 * to one of `hostile` (as a relay that checks a recipient's domain and hangs on it would), and
 * otherwise takes the message; the `tls` fault holds for every connection.
 */
export class FaultySmtpServer extends FaultyTlsService {
  readonly received: FaultySmtpMail[] = [];
  readonly hostile = new Set<string>();

  get url(): string {
    return `smtps://127.0.0.1:${this.port}`;
  }

  mailsTo(email: string): FaultySmtpMail[] {
    return this.received.filter((m) => m.to.includes(email.toLowerCase()));
  }

  protected serve(certificate: { key: Buffer; cert: Buffer }): TlsServer {
    return createTlsServer(certificate, (socket) => this.session(socket));
  }

  /** A small SMTP session: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
  private session(socket: TLSSocket): void {
    this.served(socket);
    socket.on('error', () => socket.destroy());
    socket.on('end', () => socket.end());
    let buffered = '';
    let data: string[] | null = null;
    let to: string[] = [];
    let faulted = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 faulty.test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      if (faulted) return;
      buffered += chunk.toString('utf8');
      let end: number;
      while (!faulted && (end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          this.received.push({ to, raw: data.join('\r\n') });
          data = null;
          to = [];
          reply('250 queued');
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-faulty.test\r\n250 8BITMIME\r\n');
        else if (command === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '';
          if (this.fault && this.hostile.has(address)) {
            faulted = true;
            this.misbehave(socket);
          } else {
            to.push(address);
            reply('250 ok');
          }
        } else if (command === 'DATA') {
          data = [];
          reply('354 go on');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }

  /** The fault, in place of the reply to RCPT TO. */
  private misbehave(socket: TLSSocket): void {
    switch (this.fault) {
      case 'trickle':
        socket.write('250 ');
        return trickle(socket, socket);
      case 'cut':
        socket.write('25', () => socket.destroy());
        return;
      case 'huge':
        // One reply line that never ends.
        socket.write('250 ');
        return streamBytes(socket, HUGE_ANSWER_BYTES, () => socket.end());
      default:
        return; // unresponsive
    }
  }
}

/**
 * The highest resident memory of this process above its level at the start, sampled every 20 ms
 * until `stop()` (the application under test runs in this process).
 */
export function watchMemory(): { stop: () => number } {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss()) - start;
    },
  };
}
