import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeSettings, renderWithApp } from '@/testing/test-utils';
import { FIELDS } from '@mazad/contracts';
import { ContactPage } from './contact-page';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('contact page', () => {
  it('sends the message to POST /api/contact, toasts the server text, clears the form, and an empty second submit shows every message', async () => {
    const { fetchMock } = renderWithApp(<ContactPage />, {
      api: {
        'GET /api/settings': () => makeSettings({ contact: { phone: '+962 6 555 0000', email: 'support@mazad.jo' } }),
        'POST /api/contact': () => ({
          status: 201,
          body: { success: true, message: 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً' },
        }),
      },
    });
    expect(await screen.findByText('support@mazad.jo')).toBeInTheDocument();

    fill('الاسم', 'سارة أحمد');
    fill('البريد الإلكتروني', 'sara@example.jo');
    fill('الموضوع', 'bug');
    fill('الرسالة', 'الصفحة لا تعرض صور المزاد');
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));

    expect(await screen.findByText('تم إرسال رسالتك بنجاح، سنرد عليك قريباً')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/contact')).toEqual([
      { name: 'سارة أحمد', email: 'sara@example.jo', subject: 'bug', message: 'الصفحة لا تعرض صور المزاد' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue(''));

    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    for (const text of [
      FIELDS.contactName.messages.required,
      FIELDS.contactEmail.messages.required,
      FIELDS.contactSubject.messages.required,
      FIELDS.contactMessage.messages.required,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('الاسم')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/contact')).toHaveLength(1);
  });

  it("shows the server's Arabic refusal as a toast", async () => {
    renderWithApp(<ContactPage />, {
      api: {
        'POST /api/contact': () => ({
          status: 429,
          body: {
            statusCode: 429,
            code: 'CONTACT_RATE_LIMITED',
            message: 'أرسلت رسائل كثيرة، حاول لاحقاً',
            error: 'أرسلت رسائل كثيرة، حاول لاحقاً',
          },
        }),
      },
    });
    fill('الاسم', 'سارة أحمد');
    fill('البريد الإلكتروني', 'sara@example.jo');
    fill('الموضوع', 'other');
    fill('الرسالة', 'رسالة تجريبية طويلة بما يكفي');
    fireEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await screen.findByText('أرسلت رسائل كثيرة، حاول لاحقاً')).toBeInTheDocument();
    expect(screen.getByLabelText('الاسم')).toHaveValue('سارة أحمد');
  });
});
