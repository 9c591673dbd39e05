import { resolvePreferences, type NotificationPreferences } from '@mazad/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeUser, renderWithApp } from '@/testing/test-utils';
import { NotificationSettings, PREFERENCES_SAVED } from './notification-settings';

const user = makeUser();

function renderSettings(telegramLinked = false) {
  const preferences = resolvePreferences({});
  return renderWithApp(<NotificationSettings userId={user._id} />, {
    user,
    api: {
      'GET /api/users/me/notification-preferences': () => ({ success: true, preferences, telegramLinked }),
      'PUT /api/users/me/notification-preferences': (body: unknown) => ({
        success: true,
        preferences: body as NotificationPreferences,
        telegramLinked,
      }),
    },
  });
}

describe('NotificationSettings', () => {
  it('shows the defaults as labelled checkboxes: outbid, ending soon and won on; sold and new message by e-mail and push; the rest off', async () => {
    renderSettings();
    expect(await screen.findByRole('checkbox', { name: 'تجاوز مزايدتي: البريد الإلكتروني' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'الفوز بمزاد: تيليجرام' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'بيع مزادي: البريد الإلكتروني' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'بيع مزادي: تيليجرام' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: /تنبيه الانتهاء قبل/ })).toHaveValue('15');
    expect(screen.getByText(/لن تصلك رسائل تيليجرام قبل ربط حسابك/)).toBeInTheDocument();
  });

  it('saves the changed matrix and lead time, with a toast', async () => {
    const { fetchMock } = renderSettings(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'تجاوز مزايدتي: البريد الإلكتروني' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'رسالة جديدة: تيليجرام' }));
    fireEvent.change(screen.getByRole('combobox', { name: /تنبيه الانتهاء قبل/ }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات الإشعارات' }));
    expect(await screen.findByText(PREFERENCES_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/users/me/notification-preferences')).toHaveLength(1));
    const [sent] = callsTo(fetchMock, 'PUT /api/users/me/notification-preferences') as NotificationPreferences[];
    expect(sent.channels.outbid.email).toBe(false);
    expect(sent.channels.new_message.telegram).toBe(true);
    expect(sent.endingSoonLeadMinutes).toBe(60);
    expect(screen.queryByText(/لن تصلك رسائل تيليجرام/)).not.toBeInTheDocument();
  });
});
