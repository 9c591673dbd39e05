import { Logger, OnModuleDestroy } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ForgotPasswordResult } from '@mazad/contracts';
import { Deliveries } from '../../../infrastructure/deliveries/deliveries.service';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { AccountsService } from '../../accounts/accounts.service';
import { AUTH_MESSAGES, passwordResetMail } from '../../auth.messages';
import { VerificationCodeService } from '../../codes/verification-code.service';
import { ResetHandles } from '../../reset/reset-handles.service';
import { RequestPasswordResetCommand } from './request-password-reset.command';

/**
 * Answers at once, identically for every email: the opaque reset handle and the question.
 * The code is issued in the background: for an account, a code stored under the handle
 * (with the account id beside it) and emailed; for an unknown email, a code stored under the
 * handle that is never sent (so reset-password behaves the same); nothing at all during the
 * 60 s cooldown or past 10 sends per hour. Failures are logged, never answered.
 * See docs/adr/0003-password-reset.md.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand>, OnModuleDestroy {
  private readonly logger = new Logger(RequestPasswordResetHandler.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly accounts: AccountsService,
    private readonly codes: VerificationCodeService,
    private readonly handles: ResetHandles,
    private readonly deliveries: Deliveries,
    private readonly rateLimits: RateLimitService,
  ) {}

  async execute({ email, ip }: RequestPasswordResetCommand): Promise<ForgotPasswordResult> {
    await this.rateLimits.consume('password-resets-ip', ip);
    const handle = await this.handles.for(email);
    const task = this.issue(email, handle)
      .catch((err: unknown) => this.logger.warn(`Password reset code not issued: ${(err as Error).message}`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
    return {
      success: true,
      message: AUTH_MESSAGES.resetRequested,
      userId: handle,
      verificationQuestion: AUTH_MESSAGES.resetQuestion,
    };
  }

  private async issue(email: string, handle: string): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    await this.codes.send({
      purpose: 'reset',
      identifier: email,
      subject: handle,
      payload: user?.id ?? '',
      deliver: user ? (code) => this.deliveries.accountMail(passwordResetMail(user.email, user.name, code)) : undefined,
    });
  }

  /** Lets codes being sent finish before the connections close (those close at application shutdown). */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
