import { FIELDS } from '@mazad/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, mockApi, renderApp } from '@/testing/test-utils';
import { messages } from '../lib/validation';
import { REGISTERED_MESSAGE } from './login-screen';
import { RESET_FOR_PHONE_MESSAGE, RESET_QUESTION } from './register-screen';

let challengeNo = 0;
const challengeApi = () => {
  challengeNo += 1;
  return { challengeId: `ch-${challengeNo}`, question: challengeNo % 2 ? '7 + 5' : '9 × 3' };
};

function fillForm() {
  const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('الاسم الكامل', 'سارة أحمد');
  set('البريد الإلكتروني', 'sara@example.jo');
  set('رقم الهاتف', '+962 79 123 4567');
  set('الموقع', 'عمّان');
  set('كلمة المرور', 'secret1');
  set('تأكيد كلمة المرور', 'secret1');
}

const submitButton = () => screen.getByRole('button', { name: 'إنشاء الحساب' });
const answerInput = () => screen.getByLabelText('ناتج المعادلة');

describe('registration', () => {
  it('keeps submit disabled until the equation is answered', async () => {
    mockApi({ 'GET /api/auth/challenge': challengeApi });
    renderApp('/register');
    expect(await screen.findByText(/= \?$/)).toBeInTheDocument();
    fillForm();
    expect(submitButton()).toBeDisabled();
    fireEvent.change(answerInput(), { target: { value: '12' } });
    expect(submitButton()).toBeEnabled();
    fireEvent.change(answerInput(), { target: { value: '' } });
    expect(submitButton()).toBeDisabled();
  });

  it('accepts only digits in the answer', async () => {
    mockApi({ 'GET /api/auth/challenge': challengeApi });
    renderApp('/register');
    await screen.findByText(/= \?$/);
    fireEvent.change(answerInput(), { target: { value: '1a2' } });
    expect(answerInput()).toHaveValue('12');
  });

  it('fetches a new equation and clears the answer on "معادلة جديدة"', async () => {
    const api = mockApi({ 'GET /api/auth/challenge': challengeApi });
    renderApp('/register');
    await screen.findByText(/= \?$/);
    fireEvent.change(answerInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'معادلة جديدة' }));
    await waitFor(() => expect(callsTo(api, 'GET /api/auth/challenge')).toHaveLength(2));
    await waitFor(() => expect(answerInput()).toHaveValue(''));
    expect(submitButton()).toBeDisabled();
  });

  it('shows every client validation message in Arabic and sends nothing', async () => {
    const api = mockApi({ 'GET /api/auth/challenge': challengeApi });
    renderApp('/register');
    await screen.findByText(/= \?$/);
    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('رقم الهاتف'), { target: { value: '079abc' } });
    fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور'), { target: { value: '124' } });
    fireEvent.change(answerInput(), { target: { value: '12' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(FIELDS.name.messages.required)).toBeInTheDocument();
    expect(screen.getByText(FIELDS.email.messages.invalid!)).toBeInTheDocument();
    expect(screen.getByText(FIELDS.phone.messages.invalid!)).toBeInTheDocument();
    expect(screen.getByText(FIELDS.location.messages.required)).toBeInTheDocument();
    expect(screen.getByText(FIELDS.password.messages.tooShort!)).toBeInTheDocument();
    // The mismatch shows under the field and as an alert.
    expect(screen.getAllByText(messages.passwordsDiffer)).toHaveLength(2);
    expect(callsTo(api, 'POST /api/auth/register')).toHaveLength(0);
  });

  it('sends the challenge id, the numeric answer and verificationMethod math, then goes to /login with a message', async () => {
    const api = mockApi({
      'GET /api/auth/challenge': challengeApi,
      'POST /api/auth/register': () => ({
        status: 201,
        body: { success: true, message: 'تم إنشاء الحساب', user: makeUser({ isVerified: false }) },
      }),
    });
    const { router } = renderApp('/register');
    await screen.findByText(/= \?$/);
    fillForm();
    // The answer typed with Arabic-Indic digits is read; the phone is sent in its one form (R-NUMBER-INPUT).
    fireEvent.change(answerInput(), { target: { value: '١٢' } });
    expect(answerInput()).toHaveValue('12');
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [sent] = callsTo(api, 'POST /api/auth/register') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      name: 'سارة أحمد',
      email: 'sara@example.jo',
      phone: '+962791234567',
      location: 'عمّان',
      password: 'secret1',
      verificationMethod: 'math',
      challengeAnswer: 12,
    });
    expect(sent.challengeId).toMatch(/^ch-/);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.jo');
  });

  it('signs in and goes home when the answer carries a token', async () => {
    const user = makeUser();
    mockApi({
      'GET /api/auth/challenge': challengeApi,
      'POST /api/auth/register': () => ({ success: true, token: 'tok', user }),
      'GET /api/messages/unread-count': () => ({ count: 0 }),
    });
    const { router } = renderApp('/register');
    await screen.findByText(/= \?$/);
    fillForm();
    fireEvent.change(answerInput(), { target: { value: '12' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(await screen.findByText(user.name)).toBeInTheDocument();
  });

  it('offers a password reset on a 409 conflict and carries the phone to /forgot-password', async () => {
    const conflict = 'البريد الإلكتروني مسجل مسبقاً';
    const api = mockApi({
      'GET /api/auth/challenge': challengeApi,
      'POST /api/auth/register': () => ({
        status: 409,
        body: { statusCode: 409, code: 'EMAIL_TAKEN', message: conflict, error: conflict, redirectToReset: true },
      }),
    });
    const { router } = renderApp('/register');
    await screen.findByText(/= \?$/);
    fillForm();
    fireEvent.change(answerInput(), { target: { value: '12' } });
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(`${conflict} ${RESET_QUESTION}`);
    // The used challenge is replaced.
    await waitFor(() => expect(callsTo(api, 'GET /api/auth/challenge')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'نعم، إعادة التعيين' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(router.state.location.state).toMatchObject({ phone: '+962 79 123 4567', message: RESET_FOR_PHONE_MESSAGE });
    expect(await screen.findByText(RESET_FOR_PHONE_MESSAGE, { exact: false })).toBeInTheDocument();
  });

  it("shows the server's message for other failures and stays on the form", async () => {
    const wrong = 'إجابة المعادلة غير صحيحة أو انتهت صلاحيتها، يرجى حل معادلة جديدة';
    mockApi({
      'GET /api/auth/challenge': challengeApi,
      'POST /api/auth/register': () => ({
        status: 400,
        body: { statusCode: 400, code: 'CHALLENGE_INVALID', message: wrong, error: wrong },
      }),
    });
    const { router } = renderApp('/register');
    await screen.findByText(/= \?$/);
    fillForm();
    fireEvent.change(answerInput(), { target: { value: '99' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });
});
