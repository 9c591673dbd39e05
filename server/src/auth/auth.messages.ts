import type { MailMessage } from '../infrastructure/mail/mail.service';

/** Arabic texts of the account flows' successful answers. */
export const AUTH_MESSAGES = {
  registered: 'تم إنشاء الحساب بنجاح، يرجى تسجيل الدخول وتفعيل الحساب',
  loggedIn: 'تم تسجيل الدخول بنجاح',
  adminLoggedIn: 'تم تسجيل دخول المشرف بنجاح',
  verificationRequired: 'الحساب غير مفعّل، يرجى تفعيله برمز التحقق',
  /** `userData.question` at login and `verificationQuestion` at forgot-password (see ADR 0002). */
  verificationQuestion: 'أدخل رمز التحقق المكوّن من 6 أرقام الذي أرسلناه إليك',
  resetQuestion: 'أدخل رمز التحقق المكوّن من 6 أرقام الذي أرسلناه إلى بريدك الإلكتروني',
  verified: 'تم تفعيل الحساب بنجاح',
  resetRequested: 'إذا كان البريد الإلكتروني مسجلاً لدينا فستصلك رسالة فيها رمز التحقق',
  passwordReset: 'تم تحديث كلمة المرور بنجاح، يمكنك تسجيل الدخول الآن',
  emailCodeSent: 'إذا كان البريد الإلكتروني لحساب غير مفعّل فقد أرسلنا إليه رمز التحقق',
  telegramCodeSent: 'تم إرسال رمز التحقق عبر تيليجرام',
  loggedOutEverywhere: 'تم تسجيل الخروج من جميع الأجهزة',
  loggedOut: 'تم تسجيل الخروج بنجاح',
} as const;

const footer = [
  '',
  'الرمز صالح لمدة 10 دقائق ولمرة واحدة فقط. لا تشاركه مع أي شخص.',
  'إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.',
  '',
  'فريق مزاد',
];

/**
 * The code sits alone on an ASCII line (`CODE: 123456`) so that it survives any transfer
 * encoding and tools can read it from the outbox. No member text enters a code mail: it goes to
 * an address its sender need not own (registration, reset), so a name could otherwise put a
 * fake `CODE:` line or a link into mail signed by Mazad. The greeting is generic; every line is
 * ours (tested in test/security/text-mail.e2e-spec.ts).
 */
function codeMail(to: string, subject: string, intro: string, code: string): MailMessage {
  const text = ['مرحباً،', '', intro, '', `CODE: ${code}`, ...footer].join('\n');
  const html =
    `<div dir="rtl" lang="ar" style="font-family:Tahoma,Arial,sans-serif;font-size:16px">` +
    `<p>مرحباً،</p><p>${intro}</p>` +
    `<p dir="ltr" style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
    footer
      .filter(Boolean)
      .map((line) => `<p>${line}</p>`)
      .join('') +
    `</div>`;
  return { to, subject, text, html };
}

/** `_name` is the member's, deliberately not shown (see codeMail). */
export function verificationMail(to: string, _name: string, code: string): MailMessage {
  return codeMail(to, 'رمز تفعيل حسابك في مزاد', 'رمز التحقق لتفعيل حسابك في مزاد هو:', code);
}

/** `_name` is the member's, deliberately not shown (see codeMail). */
export function passwordResetMail(to: string, _name: string, code: string): MailMessage {
  return codeMail(to, 'إعادة تعيين كلمة المرور في مزاد', 'رمز التحقق لإعادة تعيين كلمة المرور هو:', code);
}

export function verificationTelegramText(code: string): string {
  return `رمز التحقق لتفعيل حسابك في مزاد: ${code}\nالرمز صالح لمدة 10 دقائق. لا تشاركه مع أي شخص.`;
}
