import { type Notification, noticePath } from '@mazad/contracts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A notice as an Arabic e-mail: RTL HTML and plain text, the notice's link and the one-click
 * unsubscribe of its kind (the link, and the RFC 8058 headers mail clients show as a button).
 */
export function noticeEmail(notification: Notification, origin: string, unsubscribeUrl: string) {
  const target = `${origin}${noticePath(notification.link)}`;
  const { title, body } = notification;
  const text = [title, '', body, '', `للتفاصيل: ${target}`, '', `لإيقاف رسائل هذا النوع: ${unsubscribeUrl}`].join('\n');
  const html = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body dir="rtl" style="font-family:Tahoma,Arial,sans-serif;text-align:right">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(target)}">عرض التفاصيل في مزاد</a></p>
<hr><p style="font-size:12px;color:#555">لا تريد رسائل من هذا النوع؟ <a href="${escapeHtml(unsubscribeUrl)}">إلغاء الاشتراك</a></p>
</body></html>`;
  return {
    subject: `مزاد: ${title}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
