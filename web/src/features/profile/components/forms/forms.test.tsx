import { FIELDS } from '@mazad/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp, storeSession } from '@/testing/test-utils';
import * as m from '../../lib/messages';
import { api, user } from '../../test-fixtures';

describe('profile image upload', () => {
  const png = () => new File([new Uint8Array(8)], 'me.png', { type: 'image/png' });
  const answer = (status: number) => () => ({ status, body: { statusCode: status, message: 'رسالة الخادم' } });

  it.each([
    [403, m.IMAGE_FORBIDDEN],
    [413, m.IMAGE_TOO_LARGE],
    [400, 'رسالة الخادم'],
  ])('words a %i answer as the product does (its own text for 401, 403, 413)', async (status, text) => {
    storeSession(user);
    api({ 'PUT /api/users/profile-image': answer(status) });
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
  });

  it('sends a 401 to the login page with the session-expired message', async () => {
    storeSession(user);
    api({ 'PUT /api/users/profile-image': answer(401) });
    const { router } = renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findByText(m.IMAGE_SESSION_EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('uploads the file in the profileImage field and shows the new image', async () => {
    storeSession(user);
    const updated = { ...user, profileImage: '/uploads/me.webp' };
    const fetchMock = api({
      'PUT /api/users/profile-image': () => ({
        success: true,
        message: m.IMAGE_UPDATED,
        user: updated,
        profileImage: updated.profileImage,
      }),
    });
    renderApp('/profile');
    fireEvent.change(await screen.findByLabelText('تغيير الصورة الشخصية'), { target: { files: [png()] } });
    expect(await screen.findByText(m.IMAGE_UPDATED)).toBeInTheDocument();
    const [sent] = callsTo(fetchMock, 'PUT /api/users/profile-image') as FormData[];
    expect((sent.get('profileImage') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(document.querySelector('img.profile-avatar')).toHaveAttribute('src', '/uploads/me.webp'),
    );
  });
});

describe('credentials: a new email needs the code sent to it', () => {
  it('asks for the code after the request and applies the email only with it', async () => {
    storeSession(user);
    const newEmail = 'new.address@example.com';
    const changed = { ...user, email: newEmail };
    const fetchMock = api({
      'PUT /api/users/change-credentials': () => ({
        success: true,
        message: 'إن كان البريد الإلكتروني الجديد متاحاً فقد أرسلنا إليه رمز تأكيد، أدخله لإتمام تغيير البريد',
        token: 'test-token',
        user,
        pendingEmail: newEmail,
      }),
      'POST /api/users/confirm-email-change': () => ({
        success: true,
        message: 'تم تغيير البريد الإلكتروني بنجاح',
        user: changed,
      }),
    });
    renderApp('/profile');
    const email = await screen.findByLabelText('البريد الإلكتروني');
    fireEvent.change(email, { target: { value: newEmail } });
    fireEvent.change(screen.getByLabelText('كلمة المرور الحالية'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'تحديث بيانات الدخول' }));

    const code = await screen.findByLabelText('رمز التأكيد');
    expect(screen.getByText(newEmail)).toBeInTheDocument();
    // The server does not say whether the address is free, so neither does the screen.
    expect(screen.getByText(/فربما يكون هذا البريد مستخدماً لحساب آخر/)).toBeInTheDocument();
    // A malformed code is refused in the browser, with the Arabic message.
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد البريد الإلكتروني' }));
    expect(await screen.findByText(FIELDS.otpCode.messages.invalid!)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/users/confirm-email-change')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد البريد الإلكتروني' }));
    expect(await screen.findByText('تم تغيير البريد الإلكتروني بنجاح')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/users/confirm-email-change')).toEqual([{ code: '123456' }]);
    await waitFor(() => expect(screen.queryByLabelText('رمز التأكيد')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe(newEmail);
  });
});
