import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATEGORY_VALUES } from '../categories';
import { amountInput, FIELDS, fieldSchemas } from '.';

const f = fieldSchemas(z);

/** The one message a value gets (the first issue), or null when it passes. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

describe('text fields', () => {
  it('trims, then reports "required" before anything else', () => {
    expect(messageOf(f.name, '   ')).toBe('الاسم مطلوب');
    expect(messageOf(f.name, undefined)).toBe('الاسم مطلوب');
    expect(messageOf(f.name, 42)).toBe('الاسم يجب أن يكون نصاً');
    expect(f.name.parse('  سارة  ')).toBe('سارة');
  });

  it('counts characters as code points', () => {
    expect(messageOf(f.name, 'أ')).toBe('الاسم يجب أن يكون حرفين على الأقل');
    expect(messageOf(f.name, '𝐀'.repeat(100))).toBeNull();
    expect(messageOf(f.name, 'أ'.repeat(101))).toBe('الاسم يجب ألا يتجاوز 100 حرفاً');
  });

  it('refuses what a one-line field refuses, one message per field', () => {
    expect(messageOf(f.name, 'سارة\nأحمد')).toBe('الاسم يجب أن يكون سطراً واحداً دون فواصل أسطر');
    expect(messageOf(f.location, 'عمّان\u202E')).toBe('الموقع يحتوي على رموز تحكم باتجاه النص غير مسموح بها');
    expect(messageOf(f.auctionTitle, 'ـــ')).toBe('عنوان المزاد يجب أن يحتوي على حروف أو أرقام ظاهرة');
    expect(f.name.safeParse('سارة\n').success).toBe(true);
  });

  it('uses the server texts of phone, email, password and the auction fields', () => {
    expect(messageOf(f.phone, '079abc4567')).toBe(FIELDS.phone.messages.invalid);
    expect(FIELDS.phone.messages.invalid).toMatch(/^رقم الهاتف .*0791234567$/);
    expect(messageOf(f.email, 'not-an-email')).toBe('البريد الإلكتروني غير صالح');
    expect(f.email.parse(' Member@Example.COM ')).toBe('member@example.com');
    expect(messageOf(f.password, '12345')).toBe('كلمة المرور يجب أن تكون 6 أحرف على الأقل');
    expect(f.password.parse(' secret ')).toBe(' secret ');
    expect(messageOf(f.auctionTitle, 'س'.repeat(101))).toBe('يجب أن يكون العنوان أقل من 100 حرف');
    expect(messageOf(f.auctionDescription, '')).toBe('وصف المزاد مطلوب');
    expect(messageOf(f.contactMessage, 'قصيرة')).toBe('الرسالة يجب أن تكون 10 أحرف على الأقل');
  });

  it('keeps a phone typed in any Jordanian form as +9627XXXXXXXX (R-NUMBER-INPUT)', () => {
    for (const typed of ['0791234567', ' ٠٧٩١٢٣٤٥٦٧ ', '+962 79 123 4567', '00962-79-123-4567', '791234567'])
      expect(f.phone.parse(typed)).toBe('+962791234567');
    for (const typed of ['0641234567', '+966501234567', '07912345', '1'.repeat(31)])
      expect(messageOf(f.phone, typed)).toBe(FIELDS.phone.messages.invalid);
    expect(messageOf(f.phone, '  ')).toBe('رقم الهاتف مطلوب');
  });

  it('reads a code typed with Arabic-Indic digits, spaces or dashes', () => {
    expect(f.otpCode.parse('١٢٣ ٤٥٦')).toBe('123456');
    expect(f.otpCode.parse('123-456')).toBe('123456');
    expect(messageOf(f.otpCode, '12345')).toBe(FIELDS.otpCode.messages.invalid);
    expect(messageOf(f.otpCode, '12345a')).toBe(FIELDS.otpCode.messages.invalid);
  });

  it('refuses staff and demo names', () => {
    expect(messageOf(f.name, 'Admin')).toBe(FIELDS.name.messages.reserved);
  });
});

describe('amounts', () => {
  it('reads numbers and form text alike', () => {
    expect(f.startingPrice.parse('100.5')).toBe(100.5);
    expect(f.startingPrice.parse(7)).toBe(7);
    expect(amountInput(' ')).toBeUndefined();
    expect(amountInput('12abc')).toBeNaN();
    expect(f.startingPrice.parse('١٬٢٥٠٫٥٠٠')).toBe(1250.5);
    expect(f.startingPrice.parse('1,250.500')).toBe(1250.5);
    expect(f.startingPrice.parse('\u200F250\u200F')).toBe(250);
    expect(amountInput('12,5')).toBeNaN();
  });

  it('reports the server texts in its order', () => {
    expect(messageOf(f.startingPrice, '')).toBe('السعر الابتدائي مطلوب');
    expect(messageOf(f.startingPrice, 'abc')).toBe('السعر الابتدائي يجب أن يكون رقماً');
    expect(messageOf(f.startingPrice, '1.0005')).toBe('يجب ألا يتجاوز السعر الابتدائي 3 منازل عشرية');
    expect(messageOf(f.startingPrice, '0.5')).toBe('يجب أن يكون السعر دينار واحد على الأقل');
    expect(messageOf(f.startingPrice, 1e9)).toBe('السعر الابتدائي كبير جداً');
  });

  it('lets an optional amount be left empty', () => {
    expect(f.buyNowPrice.parse('')).toBeUndefined();
    expect(messageOf(f.buyNowPrice, '0')).toBe('يجب أن يكون سعر الشراء الفوري دينار واحد على الأقل');
  });
});

describe('the amounts members offer: a bid, a maximum, the buy-now price shown', () => {
  it('carry the texts the API has always answered', () => {
    const bid = 'مبلغ المزايدة (amount)';
    expect(FIELDS.bidAmount.messages).toEqual({
      required: `${bid} يجب أن يكون أكبر من صفر`,
      notNumber: `${bid} يجب أن يكون أكبر من صفر`,
      decimals: `${bid} يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر`,
      tooLow: `${bid} يجب أن يكون أكبر من صفر`,
      tooHigh: `${bid} يجب ألا يتجاوز 100000000 دينار`,
      typed: 'اكتب مبلغ المزايدة بالأرقام، بثلاث منازل عشرية على الأكثر، مثل 1,250.500',
    });
    expect(FIELDS.maxBid.messages.decimals).toBe('الحد الأقصى (amount) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر');
    expect(FIELDS.expectedPrice.messages.notNumber).toBe(
      'سعر الشراء المتوقع (expectedPrice) يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر',
    );
  });

  it('give forms a text that names the field as a person does, with the format (no JSON name)', () => {
    for (const field of [FIELDS.bidAmount, FIELDS.maxBid, FIELDS.expectedPrice]) {
      expect(field.messages.typed).toMatch(/^اكتب .+ بالأرقام، بثلاث منازل عشرية على الأكثر، مثل 1,250\.500$/);
      expect(field.messages.typed).not.toMatch(/[A-Za-z]/);
    }
  });

  it('are whole fils above zero, checked in the server order', () => {
    const bid = f.amount(FIELDS.bidAmount);
    const m = FIELDS.bidAmount.messages;
    expect(bid.parse('0.001')).toBe(0.001);
    expect(messageOf(bid, '')).toBe(m.required);
    expect(messageOf(bid, 'abc')).toBe(m.notNumber);
    expect(messageOf(bid, '0.0005')).toBe(m.decimals);
    expect(messageOf(bid, '0')).toBe(m.tooLow);
    expect(messageOf(bid, 1e9)).toBe(m.tooHigh);
    expect(f.amount(FIELDS.expectedPrice, { optional: true }).parse('')).toBeUndefined();
  });
});

describe('choices', () => {
  it('needs one of the values', () => {
    const category = f.choice(FIELDS.auctionCategory, CATEGORY_VALUES);
    expect(messageOf(category, '')).toBe('فئة المزاد مطلوبة');
    expect(messageOf(category, 'شيء آخر')).toBe('فئة المزاد غير صالحة');
    expect(category.parse(CATEGORY_VALUES[0])).toBe(CATEGORY_VALUES[0]);
  });
});
