/**
 * The fields both the web forms and the server's request DTOs check: each rule's limits (from
 * LIMITS) and its Arabic messages, which are the texts the API answers in its validation errors.
 *
 * Usage:
 * - Web forms: `const f = fieldSchemas(z)` with the app's configured zod (`@/lib/zod`), then
 *   `z.object({ name: f.name, email: f.email, … })`; or read a rule's `messages` and limits
 *   directly (`FIELDS.phone.messages.invalid`).
 * - Server DTOs: the decorators of server/src/common/validation/fields.ts take these rules
 *   (`@TextOf(FIELDS.auctionTitle, { example })`, `@AmountOf(FIELDS.startingPrice, { example,
 *   description })`, and named ones: `@MemberName()`, `@PhoneNumber()`, `@EmailAddress()`, `@NewPassword()`).
 * Both run the checks in one order (required, text, format, one line, length, reserved: checks.ts)
 * and a field reports the first it breaks.
 */
import { CONTACT_LIMITS } from '../api/contact';
import { LIMITS } from '../limits';
import { FILS_PER_JOD } from '../money';
import { CODE_HINT, codeDigits, JORDAN_MOBILE, phoneInput, PHONE_HINT } from '../numbers';

/** Messages of a text field. Those of a one-line field's hygiene checks are set by `textRule`. */
export interface TextMessages {
  required: string;
  /** The value is not a string (a number or an object in JSON). */
  notText: string;
  /** The pattern or the email format is not met. */
  invalid?: string;
  tooShort?: string;
  tooLong: string;
  singleLine?: string;
  bidiControls?: string;
  noVisibleText?: string;
  reserved?: string;
}

export interface TextRule {
  readonly kind: 'text';
  readonly label: string;
  /** Lengths in characters as PostgreSQL counts them (code points). */
  readonly min?: number;
  readonly max: number;
  /** Kept as typed (passwords); other text is trimmed before any check. */
  readonly keepWhitespace?: boolean;
  /** Lower-cased after trimming (emails). */
  readonly lowercase?: boolean;
  /**
   * Rewrites the trimmed text into its one stored form before the checks (a phone typed in any
   * Jordanian form becomes +9627XXXXXXXX, a code's Arabic-Indic digits become 0-9); what it
   * cannot read it leaves for the checks to refuse.
   */
  readonly normalize?: (text: string) => string;
  /** What the field expects, shown under it by the forms (R-NUMBER-INPUT). */
  readonly hint?: string;
  readonly format?: 'email';
  readonly pattern?: RegExp;
  /** One line a member shows to others: no line breaks or direction controls, some visible letter or digit. */
  readonly singleLine?: boolean;
  /** Staff and demo names are refused (RESERVED_NAMES). */
  readonly reserved?: boolean;
  readonly messages: TextMessages;
}

/** A JOD amount: a number of at most 3 decimals (whole fils) within `min`–`max`. */
export interface AmountRule {
  readonly kind: 'amount';
  readonly min: number;
  readonly max: number;
  readonly messages: {
    required: string;
    notNumber: string;
    decimals: string;
    tooLow: string;
    tooHigh: string;
    /** Must be strictly above another amount of the same form (buy-now above starting price). */
    notAbove?: string;
    /**
     * A form's text for typed text that is no amount of whole fils, where the API's text names
     * the JSON field (an offered amount's): the field as a person calls it, and the format.
     */
    typed?: string;
  };
}

/** One of a list of values (the list lives elsewhere: categories, configured durations, subjects). */
export interface ChoiceRule {
  readonly kind: 'choice';
  readonly messages: { required: string; invalid: string };
}

export type FieldRule = TextRule | AmountRule | ChoiceRule;

/** A text rule as written: `required` is the one message without a default. */
export type TextRuleInput = Omit<TextRule, 'kind' | 'messages'> & {
  messages: Pick<TextMessages, 'required'> & Partial<TextMessages>;
};

/** "حرفين" for 2, "<n> أحرف" otherwise. */
const letters = (n: number) => (n === 2 ? 'حرفين' : `${n} أحرف`);

/**
 * A text rule whose messages not given follow the label: "<label> يجب ألا يتجاوز <max> حرفاً",
 * "<label> يجب أن يكون نصاً", and the one-line and reserved-name texts.
 */
export function textRule<R extends TextRuleInput>(rule: R): Omit<R, 'messages'> & TextRule {
  const { label, min, singleLine, reserved } = rule;
  return {
    ...rule,
    kind: 'text',
    messages: {
      notText: `${label} يجب أن يكون نصاً`,
      tooLong: `${label} يجب ألا يتجاوز ${rule.max} حرفاً`,
      ...(min ? { tooShort: `${label} يجب أن يكون ${letters(min)} على الأقل` } : {}),
      ...(singleLine
        ? {
            singleLine: `${label} يجب أن يكون سطراً واحداً دون فواصل أسطر`,
            bidiControls: `${label} يحتوي على رموز تحكم باتجاه النص غير مسموح بها`,
            noVisibleText: `${label} يجب أن يحتوي على حروف أو أرقام ظاهرة`,
          }
        : {}),
      ...(reserved ? { reserved: `${label} محجوز لفريق الموقع، يرجى اختيار اسم آخر` } : {}),
      ...rule.messages,
    },
  };
}

/**
 * An amount a member offers on an auction (a bid, a maximum, the buy-now price they saw): above
 * zero (one fils at least), whole fils, up to the highest price. The API's texts name the field
 * with its JSON name, as they always have (`مبلغ المزايدة (amount) …`: validation errors name the
 * field); `typed`, the forms' text, names it as a person does and shows the format. A required
 * amount was always checked "above zero" first, so missing it or sending no number says so
 * (`notNumber` is `tooLow`); an optional one says it is not a number of at most 3 decimals.
 */
function offeredAmount(label: string, json: string, { optional = false } = {}): AmountRule {
  const named = `${label} (${json})`;
  const aboveZero = `${named} يجب أن يكون أكبر من صفر`;
  const wholeFils = `${named} يجب أن يكون رقماً بثلاث منازل عشرية على الأكثر`;
  return {
    kind: 'amount',
    min: 1 / FILS_PER_JOD,
    max: LIMITS.maxPriceJod,
    messages: {
      required: aboveZero,
      notNumber: optional ? wholeFils : aboveZero,
      decimals: wholeFils,
      tooLow: aboveZero,
      tooHigh: `${named} يجب ألا يتجاوز ${LIMITS.maxPriceJod} دينار`,
      typed: `اكتب ${label} بالأرقام، بثلاث منازل عشرية على الأكثر، مثل 1,250.500`,
    },
  };
}

const email = textRule({
  label: 'البريد الإلكتروني',
  max: LIMITS.emailMax,
  lowercase: true,
  format: 'email',
  messages: {
    required: 'البريد الإلكتروني مطلوب',
    notText: 'البريد الإلكتروني غير صالح',
    invalid: 'البريد الإلكتروني غير صالح',
  },
});

export const FIELDS = {
  /** A member's name. */
  name: textRule({
    label: 'الاسم',
    min: LIMITS.nameMin,
    max: LIMITS.nameMax,
    singleLine: true,
    reserved: true,
    messages: { required: 'الاسم مطلوب' },
  }),
  email,
  /**
   * A Jordanian mobile number, typed in any common form (07…, 7…, 9627…, +9627…, 009627…, with
   * spaces, dashes or Arabic-Indic digits) and kept as +9627XXXXXXXX (R-NUMBER-INPUT).
   */
  phone: textRule({
    label: 'رقم الهاتف',
    max: LIMITS.phoneMax,
    normalize: phoneInput,
    pattern: JORDAN_MOBILE,
    hint: PHONE_HINT,
    messages: {
      required: 'رقم الهاتف مطلوب',
      notText: 'رقم الهاتف غير صالح',
      invalid: 'رقم الهاتف يجب أن يكون رقم هاتف محمول أردني يبدأ بـ 077 أو 078 أو 079، مثل 0791234567',
    },
  }),
  location: textRule({
    label: 'الموقع',
    max: LIMITS.locationMax,
    singleLine: true,
    messages: { required: 'الموقع مطلوب' },
  }),
  /** A new password (registration, reset, admin reset); a password being checked has no length rule. */
  password: textRule({
    label: 'كلمة المرور',
    min: LIMITS.passwordMin,
    max: LIMITS.passwordMax,
    keepWhitespace: true,
    messages: {
      required: 'كلمة المرور مطلوبة',
      notText: 'كلمة المرور يجب أن تكون نصاً',
      tooShort: `كلمة المرور يجب أن تكون ${LIMITS.passwordMin} أحرف على الأقل`,
      tooLong: `كلمة المرور يجب ألا تتجاوز ${LIMITS.passwordMax} حرفاً`,
    },
  }),
  /** A 6-digit verification code (Arabic-Indic digits, spaces and dashes read as typed: codeDigits). */
  otpCode: textRule({
    label: 'رمز التحقق',
    max: LIMITS.otpLength,
    normalize: codeDigits,
    pattern: new RegExp(`^[0-9]{${LIMITS.otpLength}}$`),
    hint: CODE_HINT,
    messages: {
      required: 'رمز التحقق مطلوب',
      invalid: `رمز التحقق يجب أن يكون ${LIMITS.otpLength} أرقام`,
      tooLong: `رمز التحقق يجب أن يكون ${LIMITS.otpLength} أرقام`,
    },
  }),
  auctionTitle: textRule({
    label: 'عنوان المزاد',
    max: LIMITS.titleMax,
    singleLine: true,
    messages: { required: 'عنوان المزاد مطلوب', tooLong: `يجب أن يكون العنوان أقل من ${LIMITS.titleMax} حرف` },
  }),
  auctionDescription: textRule({
    label: 'وصف المزاد',
    max: LIMITS.descriptionMax,
    messages: {
      required: 'وصف المزاد مطلوب',
      notText: 'وصف المزاد مطلوب',
      tooLong: `يجب أن يكون الوصف أقل من ${LIMITS.descriptionMax} حرف`,
    },
  }),
  auctionCategory: { kind: 'choice', messages: { required: 'فئة المزاد مطلوبة', invalid: 'فئة المزاد غير صالحة' } },
  /** Why a member takes a bid back: one of BID_RETRACTION_REASONS (R-BID-RETRACT). */
  retractionReason: {
    kind: 'choice',
    messages: { required: 'سبب سحب المزايدة مطلوب', invalid: 'سبب سحب المزايدة غير صالح' },
  },
  /** The operator's reason for cancelling a bid, told to the bidder (R-BID-OPERATOR-CANCEL). */
  bidCancelReason: textRule({
    label: 'سبب إلغاء المزايدة',
    min: 3,
    max: 300,
    messages: { required: 'سبب إلغاء المزايدة مطلوب' },
  }),
  auctionDuration: { kind: 'choice', messages: { required: 'مدة المزاد مطلوبة', invalid: 'مدة المزاد غير صالحة' } },
  startingPrice: {
    kind: 'amount',
    min: LIMITS.minPriceJod,
    max: LIMITS.maxPriceJod,
    messages: {
      required: 'السعر الابتدائي مطلوب',
      notNumber: 'السعر الابتدائي يجب أن يكون رقماً',
      decimals: 'يجب ألا يتجاوز السعر الابتدائي 3 منازل عشرية',
      tooLow: 'يجب أن يكون السعر دينار واحد على الأقل',
      tooHigh: 'السعر الابتدائي كبير جداً',
    },
  },
  /** Optional; strictly above the starting price. */
  buyNowPrice: {
    kind: 'amount',
    min: LIMITS.minPriceJod,
    max: LIMITS.maxPriceJod,
    messages: {
      required: 'سعر الشراء الفوري مطلوب',
      notNumber: 'سعر الشراء الفوري يجب أن يكون رقماً',
      decimals: 'يجب ألا يتجاوز سعر الشراء الفوري 3 منازل عشرية',
      tooLow: 'يجب أن يكون سعر الشراء الفوري دينار واحد على الأقل',
      tooHigh: 'سعر الشراء الفوري كبير جداً',
      notAbove: 'يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي',
    },
  },
  /** A bid (`amount` of POST /api/auctions/{id}/bid and the socket's `place_bid`). */
  bidAmount: offeredAmount('مبلغ المزايدة', 'amount'),
  /** A secret maximum (`amount` of PUT /api/auctions/{id}/max-bid, R-MAX-BID). */
  maxBid: offeredAmount('الحد الأقصى', 'amount'),
  /** The buy-now price the buyer was shown (optional `expectedPrice` of a buy-now). */
  expectedPrice: offeredAmount('سعر الشراء المتوقع', 'expectedPrice', { optional: true }),
  /** The contact form's fields. */
  contactName: textRule({
    label: 'الاسم',
    max: CONTACT_LIMITS.nameMax,
    singleLine: true,
    messages: { required: 'الاسم مطلوب' },
  }),
  contactEmail: email,
  contactSubject: { kind: 'choice', messages: { required: 'الموضوع مطلوب', invalid: 'الموضوع غير صالح' } },
  contactMessage: textRule({
    label: 'الرسالة',
    min: CONTACT_LIMITS.messageMin,
    max: CONTACT_LIMITS.messageMax,
    messages: {
      required: 'الرسالة مطلوبة',
      notText: 'الرسالة يجب أن تكون نصاً',
      tooShort: `الرسالة يجب أن تكون ${CONTACT_LIMITS.messageMin} أحرف على الأقل`,
      tooLong: `الرسالة يجب ألا تتجاوز ${CONTACT_LIMITS.messageMax} حرف`,
    },
  }),
} as const satisfies Record<string, FieldRule>;

export type FieldName = keyof typeof FIELDS;
