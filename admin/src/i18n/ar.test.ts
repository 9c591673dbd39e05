import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from './i18nProvider';
import arabicMessages from './ar';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const english = flatten(englishMessages as unknown as Tree);
const arabic = flatten(arabicMessages as unknown as Tree);
const placeholders = (text: string) => new Set(text.match(/%\{\w+\}/g) ?? []);

describe('Arabic translation', () => {
  it('translates every react-admin key of the English set', () => {
    const missing = Object.keys(english).filter((key) => !(key in arabic));
    expect(missing).toEqual([]);
    for (const [key, text] of Object.entries(english)) {
      if (text.trim()) expect(arabic[key].trim(), key).not.toBe('');
    }
  });

  it('keeps every placeholder of the English text', () => {
    for (const [key, text] of Object.entries(english)) {
      const ours = placeholders(arabic[key]);
      for (const token of placeholders(text)) {
        // The singular form of "%{smart_count} items" may drop the count in Arabic.
        if (token === '%{smart_count}') continue;
        expect(ours.has(token), `${key} lacks ${token}`).toBe(true);
      }
    }
  });

  it('gives plural messages the six Arabic forms', () => {
    for (const [key, text] of Object.entries(english)) {
      if (text.includes('||||')) expect(arabic[key].split('||||'), key).toHaveLength(6);
    }
  });

  it('picks the right Arabic plural form', () => {
    const t = (n: number) => i18nProvider.translate('ra.notification.deleted', { smart_count: n });
    expect(t(1)).toBe('تم حذف العنصر');
    expect(t(2)).toBe('تم حذف عنصرين');
    expect(t(5)).toBe('تم حذف 5 عناصر');
    expect(t(11)).toBe('تم حذف 11 عنصراً');
    expect(t(100)).toBe('تم حذف 100 عنصر');
  });

  it('names resources in the singular for one record and the plural for the list title', () => {
    expect(i18nProvider.translate('resources.users.name', { smart_count: 1 })).toBe('مستخدم');
    expect(i18nProvider.translate('resources.users.name', { smart_count: 2 })).toBe('المستخدمون');
    expect(i18nProvider.translate('resources.auctions.name', { smart_count: 2 })).toBe('المزادات');
    expect(i18nProvider.translate('resources.auctions.fields.seller.name')).toBe('البائع');
  });

  it('is the console language', () => {
    expect(i18nProvider.getLocale()).toBe('ar');
    expect(i18nProvider.translate('ra.auth.sign_in')).toBe('تسجيل الدخول');
  });
});
