import { describe, expect, it } from 'vitest';
import { pushNotification, sameSitePath } from './push-notification';

const ORIGIN = 'https://mazad.example';

describe('pushNotification', () => {
  it("shows the server's Arabic title and body, right to left, with the app's icon, tag and link", () => {
    const shown = pushNotification(
      JSON.stringify({
        title: 'تم تجاوز مزايدتك',
        body: 'السعر الآن 120.000 د.أ',
        url: '/auction/a1',
        tag: 'mazad-n1',
      }),
      ORIGIN,
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
      const shown = pushNotification(text, ORIGIN);
      expect(shown.title).toBe('مزاد');
      expect(shown.options.body).toBe('لديك إشعار جديد');
      expect(shown.options.data.url).toBe('/');
      expect(shown.options.tag).toBeUndefined();
    }
  });

  it('a tap never leads to another site, however the address is written', () => {
    expect(sameSitePath('/messages?auction=a', ORIGIN)).toBe('/messages?auction=a');
    expect(sameSitePath('/auction/a1#bids', ORIGIN)).toBe('/auction/a1#bids');
    expect(sameSitePath('/', ORIGIN)).toBe('/');
    expect(sameSitePath(`${ORIGIN}/notifications`, ORIGIN)).toBe('/notifications');
    // One backslash is one slash: a path of this site.
    expect(sameSitePath('\\notifications', ORIGIN)).toBe('/notifications');
    for (const url of [
      '/\t/evil.example', // the parser drops the tab: //evil.example
      '/\n/evil',
      '/\r\n/evil',
      '\\\\evil', // \\evil: backslashes are slashes in an http(s) URL
      '/\\evil.example',
      '//evil',
      '//evil.example/x',
      'https://evil',
      'https://evil.example/',
      'http://mazad.example/', // another origin: the scheme differs
      'javascript:alert(1)',
      'data:text/html,x',
      7,
      null,
    ])
      expect({ url, path: sameSitePath(url, ORIGIN) }).toEqual({ url, path: '/' });
    // As shown by a push carrying one of them.
    expect(pushNotification(JSON.stringify({ url: '/\t/evil.example' }), ORIGIN).options.data.url).toBe('/');
  });
});
