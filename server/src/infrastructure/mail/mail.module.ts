import { Module } from '@nestjs/common';
import { MailService } from './mail.service';

/** Outgoing email (SMTP or the `.eml` outbox); see MailService. */
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
