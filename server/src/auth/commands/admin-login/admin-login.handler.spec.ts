import { AppException } from '../../../common/errors/app.exception';
import type { AppConfig } from '../../../config/app-config';
import type { UserEntity } from '../../../users/entities/user.entity';
import type { CredentialsService } from '../../accounts/credentials.service';
import type { TokenService } from '../../core/token.service';
import { AdminLoginCommand } from './admin-login.command';
import { AdminLoginHandler, secretsEqual } from './admin-login.handler';

describe('secretsEqual', () => {
  it('compares secrets of any length', () => {
    expect(secretsEqual('panel-password', 'panel-password')).toBe(true);
    expect(secretsEqual('panel-passwore', 'panel-password')).toBe(false);
    expect(secretsEqual('short', 'a-much-longer-secret')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
  });
});

describe('AdminLoginHandler', () => {
  const user = (isAdmin: boolean) =>
    ({ id: 'u1', tokenVersion: 0, isAdmin, createdAt: new Date(), email: 'a@example.com' }) as UserEntity;
  const setup = (panelPassword: string | undefined, account: UserEntity) => {
    const failed = jest.fn(async () => new AppException('ADMIN_LOGIN_FAILED'));
    const credentials = { authenticate: jest.fn(async () => account), failed } as unknown as CredentialsService;
    const tokens = { sign: jest.fn(() => 'signed') } as unknown as TokenService;
    const handler = new AdminLoginHandler({ adminPanelPassword: panelPassword } as AppConfig, credentials, tokens);
    return { handler, credentials, failed, tokens };
  };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (err: AppException) => err.code,
    );

  it('is disabled without ADMIN_PANEL_PASSWORD, before checking anything', async () => {
    const { handler, credentials } = setup(undefined, user(true));
    expect(await codeOf(handler.execute(new AdminLoginCommand('a@example.com', 'pw', 'x', '1.2.3.4')))).toBe(
      'ADMIN_LOGIN_DISABLED',
    );
    expect(credentials.authenticate).not.toHaveBeenCalled();
  });

  it('counts a wrong panel password or a non-admin as a failed login', async () => {
    for (const [panel, account] of [
      ['wrong', user(true)],
      ['panel-password', user(false)],
    ] as const) {
      const { handler, failed } = setup('panel-password', account);
      expect(await codeOf(handler.execute(new AdminLoginCommand('a@example.com', 'pw', panel, '1.2.3.4')))).toBe(
        'ADMIN_LOGIN_FAILED',
      );
      expect(failed).toHaveBeenCalledWith('a@example.com', '1.2.3.4', 'ADMIN_LOGIN_FAILED');
    }
  });

  it('signs an admin-session token', async () => {
    const { handler, tokens } = setup('panel-password', user(true));
    const result = await handler.execute(new AdminLoginCommand('a@example.com', 'pw', 'panel-password', '1.2.3.4'));
    expect(result.token).toBe('signed');
    expect(tokens.sign).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1' }), { adminSession: true });
  });
});
