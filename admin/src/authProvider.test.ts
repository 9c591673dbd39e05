import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, NOT_ADMIN_MESSAGE, tokenClaims } from './authProvider';
import { mockFetch } from './testing/fetch';

const admin = { _id: 'a1', id: 'a1', name: 'المشرف', email: 'admin@mazad.jo', isAdmin: true, profileImage: null };

beforeEach(() => localStorage.clear());

describe('authProvider', () => {
  it('logs in with email, password and admin password, storing adminToken and the user', async () => {
    const calls = mockFetch({ success: true, token: 'adm-tok', user: admin });
    await authProvider.login({ email: ' admin@mazad.jo ', password: 'pw', adminPassword: 'panel' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/admin-login',
      body: { email: 'admin@mazad.jo', password: 'pw', adminPassword: 'panel' },
    });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(localStorage.getItem('adminToken')).toBe('adm-tok');
    expect(JSON.parse(localStorage.getItem('adminUser')!)).toMatchObject({ _id: 'a1' });
    // The member app's token is left alone.
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("rejects with the server's Arabic message on wrong credentials and stores nothing", async () => {
    const text = 'بيانات دخول المشرف غير صحيحة';
    mockFetch(() => ({
      status: 401,
      body: { statusCode: 401, code: 'ADMIN_LOGIN_FAILED', message: text, error: text },
    }));
    await expect(authProvider.login({ email: 'a@b.jo', password: 'x', adminPassword: 'y' })).rejects.toThrow(text);
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('refuses an answer for a non-admin user', async () => {
    mockFetch({ token: 't', user: { ...admin, isAdmin: false } });
    await expect(authProvider.login({ email: 'a@b.jo', password: 'x', adminPassword: 'y' })).rejects.toThrow(
      NOT_ADMIN_MESSAGE,
    );
    expect(localStorage.getItem('adminToken')).toBeNull();
  });

  it('checkAuth passes with a stored token and rejects without one', async () => {
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    localStorage.setItem('adminToken', 't');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError logs out on 401 and 403 only', async () => {
    for (const status of [401, 403]) {
      localStorage.setItem('adminToken', 't');
      localStorage.setItem('adminUser', JSON.stringify(admin));
      await expect(authProvider.checkError({ status })).rejects.toBeDefined();
      expect(localStorage.getItem('adminToken')).toBeNull();
      expect(localStorage.getItem('adminUser')).toBeNull();
    }
    localStorage.setItem('adminToken', 't');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
    expect(localStorage.getItem('adminToken')).toBe('t');
  });

  it('getIdentity reads the stored user', async () => {
    localStorage.setItem('adminToken', 't');
    localStorage.setItem('adminUser', JSON.stringify(admin));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 'a1', fullName: 'المشرف' });
  });

  it('logout revokes the token on the server and clears the token and the user', async () => {
    const calls = mockFetch({ success: true });
    localStorage.setItem('adminToken', 't');
    localStorage.setItem('adminUser', JSON.stringify(admin));
    await authProvider.logout({});
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.Authorization}`)).toEqual([
      'POST /api/auth/logout Bearer t',
    ]);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminUser')).toBeNull();
  });

  it('logout ends the local session even when the server cannot be reached, and calls nothing without a token', async () => {
    const calls = mockFetch(() => ({ status: 500, body: { message: 'x' } }));
    localStorage.setItem('adminToken', 't');
    await authProvider.logout({});
    expect(localStorage.getItem('adminToken')).toBeNull();
    await authProvider.logout({});
    expect(calls).toHaveLength(1);
  });

  describe('single sign-on from the member site', () => {
    const jwt = (claims: object) =>
      `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
    const signIn = (token: string, user: object) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    };

    it('reads the claims of a token (unverified) and nothing from junk', () => {
      expect(tokenClaims(jwt({ sub: 'a1', adm: true }))).toEqual({ sub: 'a1', adm: true });
      expect(tokenClaims('not-a-token')).toBeNull();
      expect(tokenClaims('a.%%%.c')).toBeNull();
    });

    it("adopts an admin's admin-login token from the member site", async () => {
      const token = jwt({ sub: 'a1', tv: 0, adm: true });
      signIn(token, admin);
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
      expect(localStorage.getItem('adminToken')).toBe(token);
      await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 'a1', fullName: 'المشرف' });
    });

    it("never opens the console with a member token, even an admin member's ordinary login", async () => {
      signIn(jwt({ sub: 'u1', tv: 0 }), { ...admin, isAdmin: false });
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
      signIn(jwt({ sub: 'a1', tv: 0 }), admin);
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
      signIn(jwt({ sub: 'u1', tv: 0, adm: true }), { ...admin, isAdmin: false });
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
      signIn(jwt({ sub: 'a1', adm: true, exp: Math.floor(Date.now() / 1000) - 60 }), admin);
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
      expect(localStorage.getItem('adminToken')).toBeNull();
    });

    it('logout and a 401 end the adopted session on both sides, so it is not adopted again', async () => {
      const token = jwt({ sub: 'a1', tv: 0, adm: true });
      signIn(token, admin);
      await authProvider.checkAuth({});
      await authProvider.logout({});
      expect(localStorage.getItem('token')).toBeNull();
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();

      signIn(token, admin);
      await authProvider.checkAuth({});
      await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
      expect(localStorage.getItem('token')).toBeNull();
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    });

    it("a console login leaves the member site's own (different) session alone on logout", async () => {
      signIn('member-token', { ...admin, isAdmin: false });
      localStorage.setItem('adminToken', 'console-token');
      await authProvider.logout({});
      expect(localStorage.getItem('token')).toBe('member-token');
    });
  });
});
