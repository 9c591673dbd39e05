/**
 * (b) Registration with the server's arithmetic challenge, then login → verification method
 * → code by email (read from the outbox .eml files) → signed in. The phone, the challenge's
 * answer and the code are typed with Arabic-Indic digits (R-NUMBER-INPUT), on a 360 px phone;
 * the phone is stored as +9627XXXXXXXX.
 */
import assert from 'node:assert/strict';
import { PHONE } from '../support/browser.mjs';
import { PASSWORD, uniqueEmail } from '../support/data.mjs';
import { waitForCode } from '../support/outbox.mjs';

/** 0-9 → ٠-٩, as a phone set to Arabic digits types them. */
const arabicIndic = (text) => String(text).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** "7 + 5 = ?" → 12 (operators + - ×, Latin digits). */
export function solveChallenge(text) {
  const match = /(-?\d+)\s*([+\-−×x*])\s*(-?\d+)/.exec(text.replace(/[\u200e\u200f\u2066-\u2069]/g, ''));
  assert.ok(match, `no arithmetic question in "${text}"`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  if (op === '+') return a + b;
  if (op === '-' || op === '−') return a - b;
  return a * b;
}

export default {
  name: '(b) a visitor registers (arithmetic challenge), logs in, verifies by email code and is signed in, typing Arabic-Indic digits on a 360 px phone',
  timeoutMs: 90_000,
  async run(ctx) {
    const visitor = await ctx.open({ viewport: PHONE });
    const { page } = visitor;
    const name = 'ريم خالد';
    const email = uniqueEmail('register');

    await visitor.visit('/register');
    await page.getByLabel('الاسم الكامل', { exact: true }).fill(name);
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
    const phone = page.getByLabel('رقم الهاتف', { exact: true });
    await phone.fill('٠٧٩٠١٢٣٤٥٦');
    // The field says which numbers it takes.
    assert.match((await phone.getAttribute('aria-describedby')) ?? '', /hint/);
    await page.getByText('رقم محمول أردني، مثل 0791234567').waitFor();
    await page.getByLabel('الموقع', { exact: true }).fill('عمّان');
    await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
    await page.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(PASSWORD);

    const question = page.locator('output').filter({ hasText: '= ?' });
    await question.waitFor();
    const answer = solveChallenge(await question.innerText());
    await page.getByLabel('ناتج المعادلة').fill(arabicIndic(answer));
    assert.equal(await page.getByLabel('ناتج المعادلة').inputValue(), String(answer), 'read as it is typed');
    await visitor.screenshot('register');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    // The account exists but is not verified: back to the login form with the email kept.
    await page.waitForURL('**/login');
    await visitor.checkDocument();
    await page.getByText('تم إنشاء الحساب، يرجى تسجيل الدخول لإكمال التفعيل').waitFor();
    assert.equal(await page.getByLabel('البريد الإلكتروني', { exact: true }).inputValue(), email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
    await visitor.screenshot('login');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();

    await page.waitForURL('**/verification-method');
    await visitor.checkDocument();
    await page.getByRole('radio', { name: /البريد الإلكتروني/ }).check();
    await visitor.screenshot('verification-method');
    await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();

    await page.waitForURL('**/otp-verification');
    await visitor.checkDocument();
    const code = await waitForCode(ctx.outboxDir, email);
    await page
      .getByLabel('رمز التحقق', { exact: true })
      .fill(`${arabicIndic(code.slice(0, 3))} ${arabicIndic(code.slice(3))}`);
    assert.equal(await page.getByLabel('رمز التحقق', { exact: true }).inputValue(), code);
    await visitor.screenshot('otp-verification');
    await page.getByRole('button', { name: 'تحقق', exact: true }).click();

    // Verified: signed in, then home after 1.5 s with the member's menu in the header.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await visitor.checkDocument();
    await page.getByRole('button', { name: new RegExp(name) }).waitFor();
    assert.ok(await page.evaluate(() => Boolean(localStorage.getItem('token'))), 'a token is stored');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return res.json();
    });
    assert.equal(me.user.phone, '+962790123456', 'the phone typed «٠٧٩٠١٢٣٤٥٦» is stored in its one form');
    await visitor.screenshot('signed-in-home');
  },
};
