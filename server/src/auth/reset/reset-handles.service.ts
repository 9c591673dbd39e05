import { Injectable } from '@nestjs/common';
import { AuthKeys } from '../auth-keys';
import { VerificationCodeService } from '../codes/verification-code.service';
import { resetHandleFor } from './reset-handle';

/**
 * Reset handles for emails (see resetHandleFor and docs/adr/0003-password-reset.md). An email
 * has one handle per secret: during a JWT_SECRET rotation a reset under way keeps the handle its
 * code was stored under (the record still exists), so an email asked for again after the switch,
 * within the resend cooldown that sends no new code, is answered the handle the mailed code
 * works with. Otherwise the current secret's handle.
 */
@Injectable()
export class ResetHandles {
  constructor(
    private readonly keys: AuthKeys,
    private readonly codes: VerificationCodeService,
  ) {}

  async for(email: string): Promise<string> {
    const [current, ...former] = this.keys.resetHandles.all.map((key) => resetHandleFor(email, key));
    for (const handle of former) if (await this.codes.exists('reset', handle)) return handle;
    return current;
  }
}
