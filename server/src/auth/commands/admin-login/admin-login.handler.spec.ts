import { AppException } from '../../../common/errors/app.exception';
import type { AppConfig } from '../../../config/app-config';
import type { UserEntity } from '../../../users/entities/user.entity';
import type { CredentialsService } from '../../accounts/credentials.service';
import type { TokenService } from '../../core/token.service';
import { AdminLoginCommand } from './admin-login.command';
import { AdminLoginHandler } from './admin-login.handler';

describe('AdminLoginHandler', () => {
  const user = (isAdmin: boolean) =>
    ({ id: 'u1', tokenVersion: 0, isAdmin, createdAt: new Date(), email: 'a@example.com' }) as UserEntity;
  const setup = (panelPassword: string | undefined, account: UserEntity) => {
    // As CredentialsService: the account password is right here; `accept` decides the rest.
    const authenticate = jest.fn(
      async (_email: string, _password: string, _ip: string, failure: string, accept?: (u: UserEntity) => boolean) => {
        if (accept && !accept(account)) throw new AppException(failure as 'ADMIN_LOGIN_FAILED');
        return account;
      },
    );
    const credentials = { authenticate } as unknown as CredentialsService;
    const tokens = { sign: jest.fn(() => 'signed') } as unknown as TokenService;
    const handler = new AdminLoginHandler({ adminPanelPassword: panelPassword } as AppConfig, credentials, tokens);
    return { handler, credentials, tokens };
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

  it('refuses a wrong panel password or a non-admin inside the counted attempt', async () => {
    for (const [panel, account] of [
      ['wrong', user(true)],
      ['panel-password', user(false)],
    ] as const) {
      const { handler, credentials } = setup('panel-password', account);
      expect(await codeOf(handler.execute(new AdminLoginCommand('a@example.com', 'pw', panel, '1.2.3.4')))).toBe(
        'ADMIN_LOGIN_FAILED',
      );
      expect(credentials.authenticate).toHaveBeenCalledWith(
        'a@example.com',
        'pw',
        '1.2.3.4',
        'ADMIN_LOGIN_FAILED',
        expect.any(Function),
      );
    }
  });

  it('signs an admin-session token', async () => {
    const { handler, tokens } = setup('panel-password', user(true));
    const result = await handler.execute(new AdminLoginCommand('a@example.com', 'pw', 'panel-password', '1.2.3.4'));
    expect(result.token).toBe('signed');
    expect(tokens.sign).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1' }), { adminSession: true });
  });
});
