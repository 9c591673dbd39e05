import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { goToConsole } from '@/lib/console';
import { callsTo, makeUser, mockApi, renderApp } from '@/testing/test-utils';
import { LOGIN_FALLBACK_ERROR } from '../api/login';

const userData = {
  userId: 'u-9',
  email: 'layla@example.jo',
  name: 'ليلى',
  question: 'أدخل رمز التحقق المرسل إلى بريدك الإلكتروني',
};

function submit(email = 'layla@example.jo', password = 'secret1') {
  fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

describe('/login', () => {
  it('links to register, forgot password and admin login, with the "open auction" footer link and the selling note', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    expect(screen.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'مزاد مفتوح' })).toHaveAttribute('href', '/admin-login');
    expect(screen.getByRole('link', { name: 'دخول المشرفين' })).toHaveAttribute('href', '/admin-login');
    expect(screen.getByText(/يمكنك إنشاء مزادك الخاص/)).toBeInTheDocument();
  });

  it('signs a member in, stores token and user, and goes home', async () => {
    const user = makeUser();
    const api = mockApi({
      'POST /api/auth/login': () => ({ success: true, token: 'tok-1', user }),
      'GET /api/messages/unread-count': () => ({ count: 3 }),
    });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(api, 'POST /api/auth/login')).toEqual([{ email: 'layla@example.jo', password: 'secret1' }]);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ _id: user._id });
    expect(await screen.findByText('تم تسجيل الدخول بنجاح')).toBeInTheDocument();
  });

  it('sends admins to the console', async () => {
    const admin = makeUser({ isAdmin: true });
    mockApi({
      'POST /api/auth/login': () => ({ success: true, token: 'tok-a', user: admin }),
      'GET /api/messages/unread-count': () => ({ count: 0 }),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    submit();
    await waitFor(() => expect(goToConsole).toHaveBeenCalledWith('/admin/'));
  });

  it('goes to /verification-method with the user data when verification is required (200 or error status)', async () => {
    for (const status of [200, 403]) {
      const body = { success: false, requiresVerification: true, message: 'الحساب غير مفعّل', userData };
      mockApi({
        'POST /api/auth/login': () => ({
          status,
          body: status === 200 ? body : { statusCode: 403, code: 'ACCOUNT_NOT_VERIFIED', error: body.message, ...body },
        }),
      });
      const { router, unmount } = renderApp('/login');
      await screen.findByRole('heading', { name: 'تسجيل الدخول' });
      submit();
      expect(await screen.findByText(/مرحباً ليلى/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/verification-method');
      expect(screen.getByText('la***@example.jo')).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBeNull();
      unmount();
    }
  });

  it("shows the server's message when the credentials are wrong", async () => {
    const wrong = 'البريد الإلكتروني أو كلمة المرور غير صحيحة';
    mockApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: wrong, error: wrong },
      }),
    });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    submit();
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to a generic Arabic message when the server gives none', async () => {
    mockApi({ 'POST /api/auth/login': () => ({ status: 500 }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    submit();
    expect(await screen.findByText(LOGIN_FALLBACK_ERROR)).toBeInTheDocument();
  });

  it('activation mode: asks the question, sends the 6-digit code to /api/auth/verify and signs in', async () => {
    const user = makeUser({ _id: 'u-9', id: 'u-9' });
    const api = mockApi({
      'POST /api/auth/verify': () => ({ success: true, token: 'tok-v', user }),
      'GET /api/messages/unread-count': () => ({ count: 0 }),
    });
    const { router } = renderApp({ pathname: '/login', state: { mode: 'activate', userData } });
    expect(await screen.findByRole('heading', { name: 'تفعيل الحساب' })).toBeInTheDocument();
    expect(screen.getByText(userData.question)).toBeInTheDocument();
    const input = screen.getByLabelText('رمز التفعيل');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'تفعيل الحساب' }));
    expect(await screen.findByText('رمز التحقق يجب أن يكون 6 أرقام')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'تفعيل الحساب' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(api, 'POST /api/auth/verify')).toEqual([{ userId: 'u-9', verificationCode: '123456' }]);
    expect(localStorage.getItem('token')).toBe('tok-v');
  });

  it('activation mode has a way back to plain login', async () => {
    mockApi({});
    renderApp({ pathname: '/login', state: { mode: 'activate', userData } });
    fireEvent.click(await screen.findByRole('button', { name: 'العودة إلى تسجيل الدخول' }));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });
});
