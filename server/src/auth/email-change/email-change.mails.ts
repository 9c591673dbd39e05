import type { MailMessage } from '../../infrastructure/mail/mail.service';

/**
 * The e-mail change mails. They carry no member-written text (no name): only fixed Arabic
 * lines, the code on its own ASCII line (`CODE: 123456`) and addresses that passed validation.
 */
const FOOTER = ['', 'فريق مزاد'];

function mail(to: string, subject: string, lines: string[]): MailMessage {
  const text = [...lines, ...FOOTER].join('\n');
  const html =
    `<div dir="rtl" lang="ar" style="font-family:Tahoma,Arial,sans-serif;font-size:16px">` +
    [...lines, ...FOOTER]
      .filter(Boolean)
      .map((line) =>
        line.startsWith('CODE: ')
          ? `<p dir="ltr" style="font-size:28px;font-weight:bold;letter-spacing:6px">${line.slice(6)}</p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('') +
    `</div>`;
  return { to, subject, text, html };
}

/** To the new address: the code that confirms it. */
export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return mail(to, 'تأكيد البريد الإلكتروني الجديد في مزاد', [
    'طُلب نقل حساب في مزاد إلى هذا البريد الإلكتروني. رمز التأكيد هو:',
    '',
    `CODE: ${code}`,
    '',
    'الرمز صالح لمدة 10 دقائق ولمرة واحدة فقط. لا تشاركه مع أي شخص.',
    'إذا لم تطلب هذا التغيير فتجاهل هذه الرسالة ولن يتغير شيء.',
  ]);
}

/**
 * To an address another account already has, instead of the code: someone asked to move their
 * account to it. The requester is answered as for a free address, so only this mail tells.
 */
export function emailInUseMail(to: string): MailMessage {
  return mail(to, 'محاولة لاستخدام بريدك الإلكتروني في مزاد', [
    'حاول أحدهم نقل حساب آخر في مزاد إلى هذا البريد الإلكتروني، وهو مستخدم لحسابك بالفعل، فلم نرسل أي رمز ولن يتغير شيء.',
    'إذا كنت أنت من حاول ذلك فاستخدم بريداً آخر لذلك الحساب.',
    'إذا نسيت كلمة مرور حسابك فيمكنك إعادة تعيينها من صفحة تسجيل الدخول.',
  ]);
}

/** To the old address, when a change is requested: nothing changes until the new one is confirmed. */
export function emailChangeRequestedMail(to: string, newEmail: string): MailMessage {
  return mail(to, 'طلب تغيير البريد الإلكتروني لحسابك في مزاد', [
    `طُلب تغيير البريد الإلكتروني لحسابك في مزاد إلى: ${newEmail}`,
    'لن يتغير البريد قبل إدخال رمز التأكيد المرسل إلى العنوان الجديد.',
    'إذا لم تطلب هذا التغيير فغيّر كلمة المرور فوراً وسجّل الخروج من جميع الأجهزة.',
  ]);
}

/** To the old address, once the change is done. */
export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return mail(to, 'تم تغيير البريد الإلكتروني لحسابك في مزاد', [
    `تم تغيير البريد الإلكتروني لحسابك في مزاد إلى: ${newEmail}`,
    'لن تصل رسائل الحساب إلى هذا العنوان بعد الآن.',
    'إذا لم تقم بهذا التغيير فتواصل معنا فوراً.',
  ]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
