import { FIELDS } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { checkCredentials, profileFormSchema, profileImageErrorMessage, shortId } from './display';
import * as m from './messages';
import { parseProfileTab, PROFILE_TAB_LABELS, PROFILE_TABS, tabForKey } from './tabs';

describe('profile tabs in the URL', () => {
  it('lists the seven tabs in order (R-PROFILE-TABS)', () => {
    expect(PROFILE_TABS).toEqual([
      'profile',
      'auctions',
      'bids',
      'watchlist',
      'ratings',
      'won',
      'unsold',
      'archived-unsold',
    ]);
    for (const tab of PROFILE_TABS) expect(PROFILE_TAB_LABELS[tab]).toMatch(/\p{Script=Arabic}/u);
  });

  it('reads ?tab= and falls back to the profile tab', () => {
    expect(parseProfileTab('won')).toBe('won');
    expect(parseProfileTab('archived-unsold')).toBe('archived-unsold');
    expect(parseProfileTab(null)).toBe('profile');
    expect(parseProfileTab('')).toBe('profile');
    expect(parseProfileTab('settings')).toBe('profile');
  });

  it('moves with the arrow keys as a right-to-left tab list does', () => {
    expect(tabForKey('profile', 'ArrowLeft')).toBe('auctions');
    expect(tabForKey('profile', 'ArrowRight')).toBe('archived-unsold');
    expect(tabForKey('archived-unsold', 'ArrowLeft')).toBe('profile');
    expect(tabForKey('won', 'Home')).toBe('profile');
    expect(tabForKey('won', 'End')).toBe('archived-unsold');
    expect(tabForKey('won', 'Enter')).toBeNull();
  });
});

describe('short ids', () => {
  it('show the last 6 characters', () => {
    expect(shortId('3f2b9c1e-8d7a-4b6c-9e5f-1a2b3c4d5e6f')).toBe('4d5e6f');
    expect(shortId('abc')).toBe('abc');
    expect(shortId(undefined)).toBe('');
  });
});

describe('profile edit form', () => {
  const errorsOf = (values: { name: string; phone: string; location: string }) => {
    const result = profileFormSchema.safeParse(values);
    const out: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
    return out;
  };
  it('requires name, phone and location after trimming', () => {
    expect(errorsOf({ name: '  ', phone: ' ', location: '\t' })).toEqual({
      name: FIELDS.name.messages.required,
      phone: FIELDS.phone.messages.required,
      location: FIELDS.location.messages.required,
    });
    expect(errorsOf({ name: 'سارة', phone: '+962 79 123 4567', location: 'عمّان' })).toEqual({});
  });
  it('checks the phone characters', () => {
    expect(errorsOf({ name: 'سارة', phone: '079abc', location: 'عمّان' })).toEqual({
      phone: FIELDS.phone.messages.invalid,
    });
  });
});

describe('credentials form (three toasts)', () => {
  const email = 'sara@example.jo';
  it('asks for the current password first', () => {
    expect(
      checkCredentials({ currentPassword: '', email: 'new@example.jo', newPassword: 'secret99' }, email, 't'),
    ).toEqual({ ok: false, message: m.ENTER_CURRENT_PASSWORD });
    expect(m.ENTER_CURRENT_PASSWORD).toBe('يرجى إدخال كلمة المرور الحالية');
  });
  it('needs a changed email or a new password', () => {
    expect(
      checkCredentials({ currentPassword: 'old', email: ' SARA@example.jo ', newPassword: '' }, email, 't'),
    ).toEqual({ ok: false, message: m.CHANGE_SOMETHING });
  });
  it('needs a session', () => {
    expect(checkCredentials({ currentPassword: 'old', email, newPassword: 'secret99' }, email, null)).toEqual({
      ok: false,
      message: m.LOGIN_FIRST,
    });
  });
  it('sends only what changed', () => {
    expect(checkCredentials({ currentPassword: 'old', email, newPassword: 'secret99' }, email, 't')).toEqual({
      ok: true,
      body: { currentPassword: 'old', newPassword: 'secret99' },
    });
    expect(checkCredentials({ currentPassword: 'old', email: 'new@example.jo', newPassword: '' }, email, 't')).toEqual({
      ok: true,
      body: { currentPassword: 'old', email: 'new@example.jo' },
    });
    expect(checkCredentials({ currentPassword: 'old', email: 'not-an-email', newPassword: '' }, email, 't')).toEqual({
      ok: false,
      message: FIELDS.email.messages.invalid,
    });
    expect(checkCredentials({ currentPassword: 'old', email, newPassword: '123' }, email, 't')).toEqual({
      ok: false,
      message: FIELDS.password.messages.tooShort,
    });
  });
});

describe('profile image failures', () => {
  it('word 401, 403 and 413 their own way, then the server message, then the generic one', () => {
    expect(profileImageErrorMessage(401, 'x')).toBe(m.IMAGE_SESSION_EXPIRED);
    expect(profileImageErrorMessage(403, 'x')).toBe(m.IMAGE_FORBIDDEN);
    expect(profileImageErrorMessage(413, 'x')).toBe(m.IMAGE_TOO_LARGE);
    expect(profileImageErrorMessage(400, 'الملف ليس صورة صالحة')).toBe('الملف ليس صورة صالحة');
    expect(profileImageErrorMessage(500, '')).toBe(m.IMAGE_UPLOAD_ERROR);
    expect(m.PROFILE_IMAGE_TIMEOUT_MS).toBe(30_000);
  });
});
