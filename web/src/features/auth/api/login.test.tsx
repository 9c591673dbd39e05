import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { makeUser, mockApi } from '@/testing/test-utils';
import { useSession } from '../hooks/use-session';
import { SessionProvider } from '../session-provider';
import { LOGIN_SUCCESS, useLogin } from './login';

function renderLogin() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
  return renderHook(() => ({ login: useLogin(), session: useSession() }), { wrapper });
}

const toasts = () => toastStore.getSnapshot().map((t) => t.message);

describe('useLogin', () => {
  it('stores the session (token and user) and greets the member, whichever screen signs in', async () => {
    const user = makeUser({ name: 'ليلى' });
    mockApi({ 'POST /api/auth/login': () => ({ success: true, token: 'tok-1', user }) });
    const { result } = renderLogin();
    await act(() => result.current.login.mutateAsync({ email: user.email, password: 'secret1' }));

    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ _id: user._id });
    expect(result.current.session).toMatchObject({ isAuthenticated: true, token: 'tok-1', user: { name: 'ليلى' } });
    expect(toasts()).toEqual([LOGIN_SUCCESS]);
  });

  it("stores nothing for an account that still needs its verification, and shows the server's note", async () => {
    const userData = { userId: 'u-9', email: 'layla@example.jo', name: 'ليلى', question: 'أدخل الرمز' };
    mockApi({
      'POST /api/auth/login': () => ({
        success: false,
        requiresVerification: true,
        message: 'الحساب غير مفعّل',
        userData,
      }),
    });
    const { result } = renderLogin();
    const answer = await act(() => result.current.login.mutateAsync({ email: userData.email, password: 'secret1' }));

    expect(answer).toEqual({ kind: 'verification-required', message: 'الحساب غير مفعّل', userData });
    expect(localStorage.getItem('token')).toBeNull();
    expect(result.current.session.isAuthenticated).toBe(false);
    expect(toasts()).toEqual(['الحساب غير مفعّل']);
  });
});
