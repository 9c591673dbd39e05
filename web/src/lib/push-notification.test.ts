import { describe, expect, it } from 'vitest';
import { pushNotification, sameSitePath } from './push-notification';

describe('pushNotification', () => {
  it("shows the server's Arabic title and body, right to left, with the app's icon, tag and link", () => {
    const shown = pushNotification(
      JSON.stringify({
        title: 'تم تجاوز مزايدتك',
        body: 'السعر الآن 120.000 د.أ',
        url: '/auction/a1',
        tag: 'mazad-n1',
      }),
    );
    expect(shown).toEqual({
      title: 'تم تجاوز مزايدتك',
      options: {
        body: 'السعر الآن 120.000 د.أ',
        dir: 'rtl',
        lang: 'ar',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'mazad-n1',
        data: { url: '/auction/a1' },
      },
    });
  });

  it('an empty or unreadable push still shows a plain Arabic notice that opens the home page', () => {
    for (const text of [null, '', 'not json', '42']) {
      const shown = pushNotification(text);
      expect(shown.title).toBe('مزاد');
      expect(shown.options.body).toBe('لديك إشعار جديد');
      expect(shown.options.data.url).toBe('/');
      expect(shown.options.tag).toBeUndefined();
    }
  });

  it('a tap never leads to another site', () => {
    expect(sameSitePath('/messages?auction=a')).toBe('/messages?auction=a');
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 7])
      expect(sameSitePath(url)).toBe('/');
  });
});
