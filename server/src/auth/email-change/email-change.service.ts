import { Injectable, Logger } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import { Deliveries } from '../../infrastructure/deliveries/deliveries.service';
import type { MailMessage } from '../../infrastructure/mail/mail.service';
import { RateLimitService } from '../../infrastructure/rate-limit/rate-limit.service';
import { AccountStore } from '../../users';
import type { UserEntity } from '../../users/entities/user.entity';
import { AccountsService, isUniqueViolation } from '../accounts/accounts.service';
import { normalizeEmail } from '../accounts/identifiers';
import { VerificationCodeService } from '../codes/verification-code.service';
import { emailChangeCodeMail, emailChangedMail, emailChangeRequestedMail, emailInUseMail } from './email-change.mails';

/**
 * A member's new e-mail replaces the old one only once a code sent to it is entered: the code
 * store of verification and reset (HMAC only, 10 minutes, 5 tries, one live code per member,
 * 60 s resend cooldown and 10 sends per hour per address), purpose `email-change`, subject the
 * account id, the new address as its payload. The old address is told when the change is
 * asked for and when it is done.
 *
 * The answer never says whether the new address is taken (it would tell anyone with an account
 * which addresses have one): a taken address goes through exactly the same steps (limits,
 * cooldown, a fresh code replacing the member's previous one) but is mailed a notice instead of
 * the code, so nobody can confirm it. Requests are limited per member (`email-changes-member`).
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);

  constructor(
    private readonly accounts: AccountsService,
    private readonly store: AccountStore,
    private readonly codes: VerificationCodeService,
    private readonly deliveries: Deliveries,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Sends the code to `newEmail`, or to an address another account has, a notice that someone
   * tried to use it (429 EMAIL_CHANGE_RATE_LIMITED past the member's limit; 429 / 502 as any
   * code send, alike for both).
   */
  async request(user: Pick<UserEntity, 'id' | 'email'>, newEmail: string): Promise<void> {
    await this.rateLimits.consume('email-changes-member', user.id);
    const wanted = normalizeEmail(newEmail);
    const taken = await this.emailTakenByOther(user.id, wanted);
    await this.codes.send({
      purpose: 'email-change',
      identifier: wanted,
      subject: user.id,
      payload: wanted,
      deliver: (code) =>
        this.deliveries.accountMail(taken ? emailInUseMail(wanted) : emailChangeCodeMail(wanted, code)),
    });
    await this.tell(emailChangeRequestedMail(user.email, wanted));
  }

  /**
   * Checks the code (400 OTP_INVALID with attemptsLeft, OTP_TOO_MANY_ATTEMPTS, OTP_EXPIRED),
   * then moves the account to the confirmed address (409 EMAIL_TAKEN if it was taken
   * meanwhile) and tells the old one. Returns the updated account.
   */
  async confirm(userId: string, code: string): Promise<UserEntity> {
    const newEmail = await this.codes.check('email-change', userId, code);
    const user = await this.accounts.findById(userId);
    if (!user || !newEmail) throw new AppException('OTP_EXPIRED');
    const oldEmail = user.email;
    if (oldEmail !== newEmail) {
      try {
        await this.store.setEmail(userId, normalizeEmail(newEmail));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppException('EMAIL_TAKEN');
        throw err;
      }
      await this.tell(emailChangedMail(oldEmail, newEmail));
    }
    return (await this.accounts.findById(userId))!;
  }

  private async emailTakenByOther(userId: string, email: string): Promise<boolean> {
    const owner = await this.accounts.findByEmail(email);
    return !!owner && owner.id !== userId;
  }

  /** A notice to the old address: failing to queue it must not undo or block the change. */
  private async tell(message: MailMessage): Promise<void> {
    try {
      await this.deliveries.accountMail(message);
    } catch (err) {
      this.logger.error(`Could not queue an e-mail change notice: ${(err as Error).message}`);
    }
  }
}
