import type { ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth-user';
import { AdminGuard, JwtAuthGuard, OptionalJwtAuthGuard } from './guards';
import type { TokenService } from './token.service';

const member: AuthUser = { id: 'u1', name: 'سامر', isAdmin: false, isVerified: true, adminSession: false };
const admin: AuthUser = { ...member, id: 'a1', isAdmin: true, adminSession: true };

/** A TokenService whose verify knows two tokens. */
const tokens = {
  verify: async (token: string) => ({ good: member, boss: admin })[token] ?? null,
} as unknown as TokenService;

function contextFor(authorization?: string) {
  const request: { headers: { authorization?: string }; user?: AuthUser } = { headers: { authorization } };
  const context = { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  return { request, context };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'passed',
    (err: { getResponse: () => { code: string } }) => err.getResponse().code,
  );

describe('JwtAuthGuard', () => {
  const guard = new JwtAuthGuard(tokens);

  it('sets request.user for a valid token', async () => {
    const { request, context } = contextFor('Bearer good');
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.user).toBe(member);
  });

  it('answers UNAUTHORIZED without a header and TOKEN_INVALID with a bad or malformed one', async () => {
    expect(await codeOf(guard.canActivate(contextFor().context))).toBe('UNAUTHORIZED');
    expect(await codeOf(guard.canActivate(contextFor('Bearer forged').context))).toBe('TOKEN_INVALID');
    expect(await codeOf(guard.canActivate(contextFor('Basic good').context))).toBe('TOKEN_INVALID');
  });
});

describe('OptionalJwtAuthGuard', () => {
  const guard = new OptionalJwtAuthGuard(tokens);

  it('lets everybody through and names only a valid caller', async () => {
    const valid = contextFor('Bearer good');
    const forged = contextFor('Bearer forged');
    await expect(guard.canActivate(valid.context)).resolves.toBe(true);
    await expect(guard.canActivate(forged.context)).resolves.toBe(true);
    await expect(guard.canActivate(contextFor().context)).resolves.toBe(true);
    expect(valid.request.user).toBe(member);
    expect(forged.request.user).toBeUndefined();
  });
});

describe('AdminGuard', () => {
  const guard = new AdminGuard(tokens);

  it('needs an admin session', async () => {
    expect(await codeOf(guard.canActivate(contextFor('Bearer boss').context))).toBe('passed');
    expect(await codeOf(guard.canActivate(contextFor('Bearer good').context))).toBe('ADMIN_ONLY');
    expect(await codeOf(guard.canActivate(contextFor().context))).toBe('UNAUTHORIZED');
  });
});
