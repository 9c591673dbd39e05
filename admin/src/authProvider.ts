/**
 * Admin sign-in for the console: POST /api/auth/admin-login { email, password, adminPassword }
 * → { token, user }. The token is kept in localStorage under `adminToken` (separate from the
 * member app's `token`), the user under `adminUser`. A 401 or 403 from any call logs out.
 *
 * Single sign-on from the member site (same origin, so the same localStorage): when the web
 * app holds an admin's admin-login token (`token` whose claims carry `adm: true`, and `user`
 * with `isAdmin`), the console adopts it instead of asking again. A member token (no `adm`
 * claim) never opens the console; the server refuses it anyway (403 ADMIN_ONLY). When it is an
 * admin's ordinary login, the console asks only for the panel password and exchanges the two
 * for an admin session (POST /api/auth/admin-session, which checks both).
 */
import { routes, type User } from '@mazad/contracts';
import type { AuthProvider } from 'react-admin';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, callJson, getAdminToken } from './http';

export const NOT_ADMIN_MESSAGE = 'هذا الحساب لا يملك صلاحيات المشرف';

export interface AdminCredentials {
  email: string;
  password: string;
  adminPassword: string;
}

/** The panel password alone: the member site's session stands for the e-mail and password. */
export interface PanelPasswordOnly {
  adminPassword: string;
}

function readUser(): User | null {
  try {
    const text = localStorage.getItem(ADMIN_USER_KEY);
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}

/** The web app's keys (web/src/lib/storage.ts). */
export const MEMBER_TOKEN_KEY = 'token';
export const MEMBER_USER_KEY = 'user';

/** The claims of a JWT, unverified (the server verifies; this only decides whether to try). */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The member site's session when it belongs to an admin and has not expired (unverified: the
 * server decides), or null.
 */
export function memberSiteAdmin(): { token: string; user: User; adminSession: boolean } | null {
  try {
    const token = localStorage.getItem(MEMBER_TOKEN_KEY);
    const userText = localStorage.getItem(MEMBER_USER_KEY);
    if (!token || !userText) return null;
    const user = JSON.parse(userText) as User;
    const claims = tokenClaims(token);
    if (!user?.isAdmin || !claims) return null;
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return null;
    return { token, user, adminSession: claims.adm === true };
  } catch {
    return null;
  }
}

function storeAdminSession(token: string, user: User): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
  localStorage.setItem(ADMIN_USER_KEY, JSON.stringify(user));
}

/** Adopts the member site's session when it is an admin-login session; true when adopted. */
export function adoptMemberSiteSession(): boolean {
  const site = memberSiteAdmin();
  if (!site?.adminSession) return false;
  try {
    storeAdminSession(site.token, site.user);
    return true;
  } catch {
    return false;
  }
}

/** An admin session is present, adopting the member site's one when it qualifies. */
export function hasAdminSession(): boolean {
  return Boolean(getAdminToken()) || adoptMemberSiteSession();
}

function clear(): void {
  // An adopted member-site session ends with the console's: otherwise it would be adopted
  // again at once (logout would not stick, and a revoked token would loop on 401).
  const token = getAdminToken();
  if (token && localStorage.getItem(MEMBER_TOKEN_KEY) === token) {
    localStorage.removeItem(MEMBER_TOKEN_KEY);
    localStorage.removeItem(MEMBER_USER_KEY);
  }
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_USER_KEY);
}

export const authProvider: AuthProvider = {
  /** E-mail, password and panel password; or the panel password alone with the member site's session. */
  async login(credentials: AdminCredentials | PanelPasswordOnly) {
    const site = 'email' in credentials ? null : memberSiteAdmin();
    const result =
      'email' in credentials
        ? await callJson(routes.auth.adminLogin, [], {
            body: { ...credentials, email: String(credentials.email ?? '').trim() },
            auth: false,
          })
        : await callJson(routes.auth.adminSession, [], {
            body: { adminPassword: credentials.adminPassword },
            token: site?.token ?? '',
          });
    if (!result?.token || !result.user) throw new Error('بيانات دخول المشرف غير صحيحة');
    if (!result.user.isAdmin) throw new Error(NOT_ADMIN_MESSAGE);
    storeAdminSession(result.token, result.user);
  },

  async logout() {
    // The server revokes the token too (POST /api/auth/logout), so a copied token dies with the
    // session. The local session ends whatever the answer; with no token there is nothing to revoke.
    if (getAdminToken()) await callJson(routes.auth.logout, []).catch(() => undefined);
    clear();
  },

  async checkAuth() {
    if (!hasAdminSession()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    if (status === 401 || status === 403) {
      clear();
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const user = hasAdminSession() ? readUser() : null;
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user._id ?? user.id, fullName: user.name, avatar: user.profileImage ?? undefined, email: user.email };
  },

  async getPermissions() {
    return readUser()?.isAdmin ? 'admin' : undefined;
  },
};
