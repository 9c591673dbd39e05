import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AppConfig } from '../../config/app-config';
import { ANSWER_CAPS } from '../outside-calls/outside-calls';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text (sent quoted-printable, UTF-8). */
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on notices. */
  headers?: Record<string, string>;
}

/**
 * Sends email. With `SMTP_URL` set, through that SMTP server; otherwise every message is
 * written as a real RFC 822 `.eml` file (UTF-8, quoted-printable) into `MAIL_OUTBOX_DIR` and
 * logged, so local use and the tests can read the codes. Throws when a message could not be
 * sent or written. Features do not call it: they queue messages (infrastructure/deliveries),
 * and DeliveryWorker calls it, retrying what throws.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly smtp?: Transporter;
  private readonly composer: Transporter;
  private sequence = 0;

  constructor(private readonly config: AppConfig) {
    if (config.smtpUrl) {
      // The bounds of every outside call (infrastructure/outside-calls/), in nodemailer's own
      // terms: its timeouts are per phase or idle only, so each is at most the deadline, and the
      // whole send is aborted at the deadline by its signal (send); a reply longer than the cap
      // closes the connection (nodemailer reads replies line by line and counts each one).
      const deadline = config.outsideCallDeadlineMs;
      const options: SMTPTransport.Options = {
        url: config.smtpUrl,
        connectionTimeout: deadline,
        greetingTimeout: deadline,
        socketTimeout: deadline,
        maxResponseSize: ANSWER_CAPS.smtpReply,
      };
      this.smtp = nodemailer.createTransport(options);
    }
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  get transport(): 'smtp' | 'outbox' {
    return this.smtp ? 'smtp' : 'outbox';
  }

  async send(message: MailMessage): Promise<void> {
    const mail = {
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      textEncoding: 'quoted-printable' as const,
      headers: { ...message.headers, 'Content-Language': 'ar' },
    };
    if (this.smtp) {
      // nodemailer (10.5 and later) aborts a send whose signal fires and closes its connection,
      // whatever step it is in: the deadline of the whole send, connection to the last reply.
      await this.smtp.sendMail({ ...mail, signal: AbortSignal.timeout(this.config.outsideCallDeadlineMs) });
      this.logger.log(`Mail sent by SMTP to ${message.to}: ${message.subject}`);
      return;
    }
    const built = await this.composer.sendMail(mail);
    const path = await this.writeToOutbox(built.message as Buffer);
    this.logger.log(`Mail to ${message.to} written to the outbox: ${path}`);
  }

  /** Atomic write (temporary name, then rename) so readers never see half a message. */
  private async writeToOutbox(eml: Buffer): Promise<string> {
    const dir = this.config.mailOutboxDir;
    await mkdir(dir, { recursive: true });
    this.sequence = (this.sequence + 1) % 1_000_000;
    // Names sort by time of writing: epoch milliseconds, then a per-process sequence.
    const name = `${String(Date.now()).padStart(15, '0')}-${String(this.sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
    const temporary = join(dir, `.${name}.tmp`);
    const final = join(dir, `${name}.eml`);
    await writeFile(temporary, eml);
    await rename(temporary, final);
    return final;
  }
}
