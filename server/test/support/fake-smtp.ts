import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for `startTestApp({ SMTP_URL: fake.url })`, built on nodemailer's
 * smtp-server. It can refuse the next messages with a temporary 451 reply, or hold them
 * (no answer to DATA) until released, to test the delivery queue's retries.
 */
export class FakeSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** When each message reached the end of DATA, accepted or not (ms since the epoch), and to whom. */
  readonly attempts: { at: number; to: string[] }[] = [];
  /** How many of the next messages are refused with 451 (a temporary failure). */
  refuseNext = 0;
  /** When set, only messages to this address are refused (others the app sends meanwhile go through). */
  refuseOnlyTo?: string;
  /** While set, messages wait for `release()` before they are answered. */
  holding = false;
  private held: (() => void)[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const answer = () => {
          this.attempts.push({ at: Date.now(), to });
          if (this.refuseNext > 0 && (!this.refuseOnlyTo || to.includes(this.refuseOnlyTo))) {
            this.refuseNext -= 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          this.received.push({
            to,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (this.holding) this.held.push(answer);
        else answer();
      });
    },
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Messages waiting for an answer while `holding`. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Stops holding and answers the held messages. */
  release(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  mailsTo(email: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(email.toLowerCase()));
  }
}
