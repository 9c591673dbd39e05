import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import { bearerToken } from '../../common/http/bearer-token';
import type { AuthUser } from './auth-user';
import { TokenService } from './token.service';

/** What the guards read and write on the HTTP request. */
interface GuardedRequest {
  headers: { authorization?: string };
  user?: AuthUser;
}

/**
 * Requires a valid bearer token: 401 UNAUTHORIZED without an Authorization header, 401
 * TOKEN_INVALID with a bad, expired, retired or revoked one. The check is TokenService.verify,
 * the same as the socket handshake's (signature and expiry, then the account row and the deny
 * list); it sets `request.user` for @CurrentUser. Called directly rather than through passport:
 * the strategy machinery added CPU to every authenticated request (the bid path included) and
 * checked nothing more (docs/adr/0009-lean-http-path.md).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(protected readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const header = request.headers.authorization;
    const token = bearerToken(header);
    const user = token ? await this.tokens.verify(token) : null;
    if (!user) throw new AppException(header ? 'TOKEN_INVALID' : 'UNAUTHORIZED');
    request.user = user;
    return true;
  }
}

/** Reads the token when present (for per-viewer fields) but lets anonymous callers through. */
@Injectable()
export class OptionalJwtAuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const token = bearerToken(request.headers.authorization);
    const user = token ? await this.tokens.verify(token) : null;
    if (user) request.user = user;
    return true;
  }
}

/** Admin API: a signed-in admin holding an admin-login token (401 signed out, 403 otherwise). */
@Injectable()
export class AdminGuard extends JwtAuthGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest<GuardedRequest>().user;
    if (!user) throw new AppException('UNAUTHORIZED');
    if (!user.isAdmin || !user.adminSession) throw new AppException('ADMIN_ONLY');
    return true;
  }
}
