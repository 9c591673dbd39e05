import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AppException } from '../../common/errors/app.exception';
import type { AuthUser } from './auth-user';

/** Requires a valid bearer token: 401 without one, 401 TOKEN_INVALID with a bad or retired one. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T = AuthUser>(err: unknown, user: T | false, info: unknown, context: ExecutionContext): T {
    if (err) throw err;
    if (!user) {
      const header = context.switchToHttp().getRequest().headers.authorization;
      throw new AppException(header ? 'TOKEN_INVALID' : 'UNAUTHORIZED');
    }
    return user;
  }
}

/** Reads the token when present (for per-viewer fields) but lets anonymous callers through. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  handleRequest<T = AuthUser>(_err: unknown, user: T | false): T {
    return (user || undefined) as T;
  }
}

/** Admin API: a signed-in admin holding an admin-login token (401 signed out, 403 otherwise). */
@Injectable()
export class AdminGuard extends JwtAuthGuard {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest().user as AuthUser | undefined;
    if (!user) throw new AppException('UNAUTHORIZED');
    if (!user.isAdmin || !user.adminSession) throw new AppException('ADMIN_ONLY');
    return true;
  }
}
