import { ExecutionContext, Injectable } from '@nestjs/common';
import { assertVerified, type AuthUser, JwtAuthGuard } from '../auth';

/**
 * A signed-in, verified member: 401 signed out, 403 ACCOUNT_NOT_VERIFIED otherwise. Runs
 * before the upload interceptor, so unverified callers never get their files parsed. The
 * command handlers check verification again (the rule holds whatever the entry point).
 */
@Injectable()
export class VerifiedMemberGuard extends JwtAuthGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    assertVerified(context.switchToHttp().getRequest().user as AuthUser);
    return true;
  }
}
