/**
 * Admin sign-in for the console: POST /api/auth/admin-login { email, password, adminPassword }
 * → { token, user }. The token is kept in localStorage under `adminToken` (separate from the
 * member app's `token`), the user under `adminUser`. A 401 or 403 from any call logs out.
 */
import type { User } from '@mazad/contracts';
import type { AuthProvider } from 'react-admin';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, getAdminToken, requestJson } from './http';

export const NOT_ADMIN_MESSAGE = 'هذا الحساب لا يملك صلاحيات المشرف';

export interface AdminCredentials {
  email: string;
  password: string;
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

function clear(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_USER_KEY);
}

export const authProvider: AuthProvider = {
  async login({ email, password, adminPassword }: AdminCredentials) {
    const result = await requestJson<{ token?: string; user?: User }>('/api/auth/admin-login', {
      method: 'POST',
      body: { email: String(email ?? '').trim(), password, adminPassword },
      auth: false,
    });
    if (!result?.token || !result.user) throw new Error('بيانات دخول المشرف غير صحيحة');
    if (!result.user.isAdmin) throw new Error(NOT_ADMIN_MESSAGE);
    localStorage.setItem(ADMIN_TOKEN_KEY, result.token);
    localStorage.setItem(ADMIN_USER_KEY, JSON.stringify(result.user));
  },

  async logout() {
    clear();
  },

  async checkAuth() {
    if (!getAdminToken()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    if (status === 401 || status === 403) {
      clear();
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const user = readUser();
    if (!getAdminToken() || !user) throw new Error('ra.auth.auth_check_error');
    return { id: user._id ?? user.id, fullName: user.name, avatar: user.profileImage ?? undefined, email: user.email };
  },

  async getPermissions() {
    return readUser()?.isAdmin ? 'admin' : undefined;
  },
};
