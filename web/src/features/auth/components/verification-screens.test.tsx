import { FIELDS } from '@mazad/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, makeUser, mockApi, renderApp } from '@/testing/test-utils';
import { messages } from '../lib/validation';

const userData = { userId: 'u-9', email: 'layla@example.jo', name: 'ليلى', question: 'أدخل الرمز' };
const services = (telegram: boolean) => () => ({ success: true, services: { email: true, telegram } });

afterEach(() => vi.useRealTimers());

describe('/verification-method', () => {
  it('redirects to /login without user data', async () => {
    mockApi({});
    const { router } = renderApp('/verification-method');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for a method, disables telegram when it is off, and sends the email code', async () => {
    const api = mockApi({
      'GET /api/otp/available-services': services(false),
      'POST /api/otp/send-email-otp': () => ({ success: true, message: 'تم الإرسال' }),
    });
    const { router } = renderApp({ pathname: '/verification-method', state: { userData } });
    expect(await screen.findByText(/مرحباً ليلى/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /تيليجرام/ })).toBeDisabled());
    expect(screen.getByText(/تفاعلت مع بوت/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    expect(await screen.findByText(messages.methodRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /البريد الإلكتروني/ }));
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'));
    expect(callsTo(api, 'POST /api/otp/send-email-otp')).toEqual([{ identifier: 'layla@example.jo' }]);
    expect(router.state.location.state).toEqual({ identifier: 'layla@example.jo', type: 'email' });
    expect(localStorage.getItem('otpIdentifier')).toBe('layla@example.jo');
    expect(localStorage.getItem('otpType')).toBe('email');
  });

  it('offers only email when the services call fails, and shows send failures in a red banner', async () => {
    const limit = 'تم تجاوز عدد رموز التحقق المسموح بها خلال ساعة، يرجى المحاولة لاحقاً';
    mockApi({
      'POST /api/otp/send-email-otp': () => ({ status: 429, body: { statusCode: 429, message: limit, error: limit } }),
    });
    renderApp({ pathname: '/verification-method', state: { userData } });
    await screen.findByText(/مرحباً ليلى/);
    await waitFor(() => expect(screen.getByRole('radio', { name: /تيليجرام/ })).toBeDisabled());
    fireEvent.click(screen.getByRole('radio', { name: /البريد الإلكتروني/ }));
    fireEvent.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
  });
});

describe('/otp-verification', () => {
  it('redirects to /login without identifier and type', async () => {
    mockApi({});
    const { router } = renderApp('/otp-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('reads the target from localStorage, masks it, and requires 6 digits', async () => {
    localStorage.setItem('otpIdentifier', 'layla@example.jo');
    localStorage.setItem('otpType', 'email');
    mockApi({ 'GET /api/otp/available-services': services(true) });
    renderApp('/otp-verification');
    expect(await screen.findByText('la***@example.jo')).toBeInTheDocument();
    const input = screen.getByLabelText('رمز التحقق');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    // Pasted with Arabic-Indic digits and a space, a digit too many: six digits are kept.
    fireEvent.change(input, { target: { value: '١٢٣ ٤٥٦٧' } });
    expect(input).toHaveValue('123456');
    fireEvent.change(input, { target: { value: '12ab3' } });
    expect(input).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'تحقق' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(new RegExp(`^${FIELDS.otpCode.messages.invalid!}`)));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('verifies, stores the session, shows a green banner and goes home after 1.5 s', async () => {
    const user = makeUser();
    const api = mockApi({
      'GET /api/otp/available-services': services(false),
      'POST /api/otp/verify-otp': () => ({ success: true, message: 'تم تفعيل الحساب بنجاح', token: 'tok-otp', user }),
      'GET /api/messages/unread-count': () => ({ count: 0 }),
    });
    localStorage.setItem('otpIdentifier', 'layla@example.jo');
    localStorage.setItem('otpType', 'email');
    const { router } = renderApp({
      pathname: '/otp-verification',
      state: { identifier: 'layla@example.jo', type: 'email' },
    });
    fireEvent.change(await screen.findByLabelText('رمز التحقق'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحقق' }));
    expect(await screen.findByText('تم تفعيل الحساب بنجاح')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/otp/verify-otp')).toEqual([
      { identifier: 'layla@example.jo', otp: '654321', type: 'email' },
    ]);
    expect(localStorage.getItem('token')).toBe('tok-otp');
    expect(localStorage.getItem('otpIdentifier')).toBeNull();
    expect(router.state.location.pathname).toBe('/otp-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('shows a wrong code in a red banner', async () => {
    const wrong = 'رمز التحقق غير صحيح';
    mockApi({
      'POST /api/otp/verify-otp': () => ({
        status: 400,
        body: { statusCode: 400, code: 'OTP_INVALID', message: wrong, error: wrong },
      }),
    });
    renderApp({ pathname: '/otp-verification', state: { identifier: 'layla@example.jo', type: 'email' } });
    fireEvent.change(await screen.findByLabelText('رمز التحقق'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحقق' }));
    // Among the alerts (a toast may be showing too, e.g. the services' 404 in this test).
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(wrong));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('allows a resend only after the 60 s cooldown, then restarts it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'POST /api/otp/send-email-otp': () => ({ success: true, message: 'تم إرسال رمز جديد' }) });
    renderApp({ pathname: '/otp-verification', state: { identifier: 'layla@example.jo', type: 'email' } });
    expect(await screen.findByText(/يمكنك طلب رمز جديد بعد/)).toHaveTextContent('60');
    expect(screen.queryByRole('button', { name: 'إعادة إرسال الرمز' })).not.toBeInTheDocument();
    for (let i = 0; i < 60; i++) await act(async () => vi.advanceTimersByTime(1000));
    fireEvent.click(await screen.findByRole('button', { name: 'إعادة إرسال الرمز' }));
    expect(await screen.findByText('تم إرسال رمز جديد')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/otp/send-email-otp')).toEqual([{ identifier: 'layla@example.jo' }]);
    expect(screen.getByText(/يمكنك طلب رمز جديد بعد/)).toHaveTextContent('60');
  });

  it('switches the method by sending a code through telegram, once the 60 s cooldown is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'GET /api/otp/available-services': services(true),
      'POST /api/otp/send-telegram-otp': () => ({ success: true, message: 'أُرسل الرمز عبر تيليجرام' }),
    });
    renderApp({ pathname: '/otp-verification', state: { identifier: 'layla@example.jo', type: 'email' } });
    // During the cooldown the switcher is disabled and says how long is left (it used to send and get a 429).
    const waiting = await screen.findByRole('radio', { name: /تيليجرام/ });
    await waitFor(() => expect(waiting).toHaveTextContent('(بعد 60 ث)'));
    expect(waiting).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(waiting).toHaveTextContent('(بعد 59 ث)');
    for (let i = 0; i < 59; i++) await act(async () => vi.advanceTimersByTime(1000));
    const telegram = screen.getByRole('radio', { name: 'تيليجرام' });
    await waitFor(() => expect(telegram).toBeEnabled());
    fireEvent.click(telegram);
    expect(await screen.findByText('أُرسل الرمز عبر تيليجرام')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/otp/send-telegram-otp')).toEqual([{ identifier: 'layla@example.jo' }]);
    expect(screen.getByRole('radio', { name: 'تيليجرام' })).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('otpType')).toBe('telegram');
  });
});

describe('/forgot-password', () => {
  it('asks for the email, then the code and a new password, then goes to /login', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => ({
        success: true,
        message: 'إن كان البريد مسجلاً فستصلك رسالة',
        userId: 'u-5',
        verificationQuestion: 'أدخل الرمز المرسل إلى بريدك',
      }),
      'POST /api/auth/reset-password': () => ({ success: true, message: 'تم' }),
    });
    const { router } = renderApp('/forgot-password');
    fireEvent.change(await screen.findByLabelText('البريد الإلكتروني'), { target: { value: 'layla@example.jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'متابعة' }));
    expect(await screen.findByText('أدخل الرمز المرسل إلى بريدك')).toBeInTheDocument();
    expect(callsTo(api, 'POST /api/auth/forgot-password')).toEqual([{ email: 'layla@example.jo' }]);

    fireEvent.change(screen.getByLabelText('رمز التحقق'), { target: { value: '112233' } });
    fireEvent.change(screen.getByLabelText('كلمة المرور الجديدة'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    expect(await screen.findByText(FIELDS.password.messages.tooShort!)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('كلمة المرور الجديدة'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), { target: { value: 'newpass2' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    expect(await screen.findByText(messages.passwordsDiffer)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo(api, 'POST /api/auth/reset-password')).toEqual([
      { userId: 'u-5', verificationAnswer: '112233', password: 'newpass1' },
    ]);
  });
});
