import { Agent, request } from 'undici';

/**
 * The rule for every call to a service outside Mazad (a member's push service, the Telegram Bot
 * API, the SMTP server; docs/security.md, "Outside services"): a deadline for the whole call, a
 * cap on what the service may send back, and an abort that closes the connection when either is
 * passed. Idle timeouts alone do not bound a call: a service sending a byte every few seconds
 * never lets one fire, and an answer read without a cap is held whole in memory.
 *
 * HTTP services go through BoundedHttp; the SMTP server through nodemailer's own equivalents
 * (a per-send AbortSignal and `maxResponseSize`, MailService), with the same numbers.
 */
export interface CallBounds {
  /** The whole call, from the DNS lookup to the answer's last byte, in ms (OUTSIDE_CALL_DEADLINE). */
  deadlineMs: number;
  /** The most bytes of answer read; a longer answer aborts the call. */
  answerCapBytes: number;
}

/**
 * Answer caps: each far above any real answer of that service and far below what a worker
 * process can hold (its pod is limited to 512 MB, and each delivery lane has 5 slots; a push
 * job calls up to 10 devices at once).
 */
export const ANSWER_CAPS = {
  /** A push service answers 201 with an empty body, or a short error text (RFC 8030): 64 KiB. */
  pushService: 64 * 1024,
  /** The largest Bot API answer read is getUpdates: at most 100 updates of a few hundred bytes. */
  telegram: 1024 * 1024,
  /** One SMTP reply is a line or a few (EHLO's extensions; RFC 5321 allows 512 octets a line). */
  smtpReply: 64 * 1024,
} as const;

/** Why an outside call ended without an answer; the message never holds the URL (tokens, endpoints). */
export class OutsideCallError extends Error {
  constructor(
    readonly reason: 'deadline' | 'too-large' | 'network',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'OutsideCallError';
  }
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
}

/** undici's own timeouts, which fire at the deadline too (their timers are set to it). */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A thrown value as an OutsideCallError: only its kind and error code, never its text. */
function outsideCallError(err: unknown, bounds: CallBounds): OutsideCallError {
  const { name, code } = (err ?? {}) as { name?: string; code?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || (code && TIMEOUT_CODES.has(code)))
    return new OutsideCallError('deadline', `no whole answer within ${bounds.deadlineMs} ms`);
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')
    return new OutsideCallError('too-large', `answer over ${bounds.answerCapBytes} bytes`);
  return new OutsideCallError('network', code ?? name ?? 'unknown error');
}

/**
 * HTTP calls to one outside service under its bounds, with undici (Node's own HTTP client): an
 * Agent whose connect, headers and body timeouts are the deadline and whose `maxResponseSize` is
 * the cap (undici destroys the socket past it), plus an AbortSignal for the whole call, which
 * destroys the socket of a call still running at the deadline. HTTP/1.1 only (undici's default),
 * where maxResponseSize applies; headers are capped by undici at 16 KiB. Redirects are not
 * followed. TLS is verified against the process's trusted certificates.
 */
export class BoundedHttp {
  private readonly agent: Agent;

  constructor(private readonly bounds: CallBounds) {
    this.agent = new Agent({
      connect: { timeout: bounds.deadlineMs },
      headersTimeout: bounds.deadlineMs,
      bodyTimeout: bounds.deadlineMs,
      maxResponseSize: bounds.answerCapBytes,
    });
  }

  /** POSTs `body`; throws OutsideCallError when no whole answer within the bounds. */
  async post(url: string, headers: Record<string, string>, body: Buffer | string): Promise<HttpAnswer> {
    try {
      const answer = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.bounds.deadlineMs),
      });
      return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
    } catch (err) {
      throw outsideCallError(err, this.bounds);
    }
  }

  /** Closes the idle connections (calls still running finish first). */
  async close(): Promise<void> {
    await this.agent.close();
  }
}
