import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsNotEmpty,
  IsNumber,
  Matches,
  IsOptional,
  IsString,
  isEmail,
  Max,
  Min,
  registerDecorator,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import {
  amountInput,
  codeDigits,
  FIELDS,
  jodToFils,
  LIMITS,
  parseWholeNumber,
  textChecks,
  textRule,
} from '@mazad/contracts';
import type { AmountRule, TextRule } from '@mazad/contracts';

/**
 * Field helpers for request DTOs. Multipart and query values arrive as strings, JSON ones as
 * numbers or strings; both end up as the same types before class-validator runs.
 */

/**
 * Drops NUL characters and trims. (NUL and the other control characters are refused for every
 * route by InputHygienePipe before DTOs run; the drop only keeps this helper safe elsewhere.)
 */
export const cleanText = (text: string) => text.replaceAll('\u0000', '').trim();

/** Trims text and drops NUL characters (PostgreSQL text cannot hold them). */
export const TrimmedText = () => Transform(({ value }) => (typeof value === 'string' ? cleanText(value) : value));

/** "" (a field left empty in a form or query string) means "not given". */
export const EmptyAsMissing = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return text === '' ? undefined : text;
  });

/**
 * A price in JOD: numbers stay numbers, numeric strings become numbers, "" and null mean
 * "not given", anything else becomes NaN (reported by IsNumber as not a number).
 */
export const JodAmount = () => Transform(({ value }) => amountInput(value));

/**
 * A whole number from a query string, a form or JSON: numbers stay numbers, text is read as
 * people type it (contracts' parseWholeNumber: Arabic-Indic digits, thousands separators); ""
 * means not given; junk becomes NaN and fails IsInt.
 */
export const IntegerParam = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') return Number.NaN;
    const reading = parseWholeNumber(value);
    if (reading.ok) return reading.value;
    return reading.reason === 'empty' ? undefined : Number.NaN;
  });

/** At most `max` characters, counted as PostgreSQL counts them (code points, not UTF-16 units). */
export function MaxChars(max: number, options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'maxChars',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [max],
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && Array.from(value).length <= max },
    });
}

/** A JOD amount with at most 3 decimals (whole fils). */
export function WholeFils(options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'wholeFils',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value === 'number' && jodToFils(value) !== undefined },
    });
}

/**
 * Compared with another amount of the same object (in fils). Passes when the other amount is
 * missing or invalid: that field reports its own error.
 */
function AmountComparedTo(
  name: string,
  otherProperty: string,
  holds: (fils: number, otherFils: number) => boolean,
  options: ValidationOptions,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [otherProperty],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const other = (args.object as Record<string, unknown>)[otherProperty];
          if (typeof other !== 'number') return true;
          const otherFils = jodToFils(other);
          if (otherFils === undefined) return true;
          const fils = typeof value === 'number' ? jodToFils(value) : undefined;
          return fils !== undefined && holds(fils, otherFils);
        },
      },
    });
}

/** Strictly greater than another amount of the same object (buy-now above the starting price). */
export const AboveAmountOf = (otherProperty: string, options: ValidationOptions) =>
  AmountComparedTo('aboveAmountOf', otherProperty, (fils, other) => fils > other, options);

/** Not less than another amount of the same object (a range's upper end). */
export const AtLeastAmountOf = (otherProperty: string, options: ValidationOptions) =>
  AmountComparedTo('atLeastAmountOf', otherProperty, (fils, other) => fils >= other, options);

/**
 * Validation rules checked in the order written (stacked decorators run bottom-up, which
 * would report "too long" before "required").
 */
export const Rules = (...rules: PropertyDecorator[]) => applyDecorators(...rules);

/** One check of a text rule, as a class-validator constraint with its message. */
const textCheck =
  (name: string, validate: (text: string) => boolean, message: string): PropertyDecorator =>
  (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message },
      validator: { validate: (value: unknown) => typeof value === 'string' && validate(value) },
    });

/**
 * A text field checked by a shared rule of contracts (FIELDS, or `textRule` for a form of its
 * own): trimmed unless the rule keeps whitespace (lower-cased when it says so, and rewritten by
 * its `normalize`: a phone becomes +9627XXXXXXXX, a code's digits 0-9), required
 * unless `optional`, then the rule's checks in order, each with the rule's Arabic message. The
 * web's zod schemas (contracts' fieldSchemas) run the same checks.
 */
export function TextOf(rule: TextRule, options: { example: string; description?: string; optional?: boolean }) {
  const { example, optional } = options;
  const m = rule.messages;
  const normalise = (text: string) => {
    const trimmed = rule.keepWhitespace ? text : text.trim();
    const cased = rule.lowercase ? trimmed.toLowerCase() : trimmed;
    return rule.normalize ? rule.normalize(cased) : cased;
  };
  return applyDecorators(
    (optional ? ApiPropertyOptional : ApiProperty)({
      description: options.description ?? rule.label,
      example,
      minLength: rule.min,
      maxLength: rule.max,
      // The pattern is the stored form's; a rule that rewrites what is typed accepts more.
      pattern: rule.normalize ? undefined : rule.pattern?.source,
    }),
    Transform(({ value }) => (typeof value === 'string' ? normalise(value) : value)),
    ...(optional ? [IsOptional()] : []),
    IsNotEmpty({ message: m.required }),
    IsString({ message: m.notText }),
    ...textChecks(rule, (text) => isEmail(text)).map(([check, message], i) =>
      textCheck(`${rule.label}#${i}`, check, message),
    ),
  );
}

/** Required trimmed text with a minimum and maximum length (characters). */
export function TextField(options: { label: string; required: string; example: string; min?: number; max: number }) {
  const { label, required, example, min, max } = options;
  return TextOf(textRule({ label, min, max, messages: { required } }), { example });
}

/**
 * One line of text a member shows to others — a name, a location, a title — required and
 * trimmed, `min`–`max` characters (code points). Refuses line breaks and tabs, bidirectional
 * embedding/override/isolate controls and text with no visible letter or digit (only spaces,
 * zero-width characters, marks or tatweel), each with an Arabic message naming the field
 * (contracts' fields/checks.ts). With `reserved`, staff and demo names are refused too
 * (contracts' RESERVED_NAMES). Control characters never get here (InputHygienePipe).
 */
export function SingleLineText(options: {
  label: string;
  required: string;
  example: string;
  min?: number;
  max: number;
  reserved?: boolean;
  optional?: boolean;
  /** Message when longer than `max` (default: "<label> يجب ألا يتجاوز <max> حرفاً"). */
  tooLong?: string;
}) {
  const { label, required, example, min, max, reserved, optional, tooLong } = options;
  const rule = textRule({
    label,
    min,
    max,
    singleLine: true,
    reserved,
    messages: { required, ...(tooLong ? { tooLong } : {}) },
  });
  return TextOf(rule, { example, description: `${label} (one line)`, optional });
}

/**
 * A JOD amount checked by a shared rule (contracts' FIELDS): required unless `optional` ("" and
 * null count as not given), a number of whole fils within the rule's limits and, with `above`,
 * strictly above that other amount of the same body.
 */
export function AmountOf(
  rule: AmountRule,
  options: { example: number; description: string; optional?: boolean; above?: string },
) {
  const { example, description, optional, above } = options;
  const m = rule.messages;
  return applyDecorators(
    JodAmount(),
    optional ? IsOptional() : IsNotEmpty({ message: m.required }),
    IsNumber({}, { message: m.notNumber }),
    WholeFils({ message: m.decimals }),
    Min(rule.min, { message: m.tooLow }),
    Max(rule.max, { message: m.tooHigh }),
    ...(above && m.notAbove ? [AboveAmountOf(above, { message: m.notAbove })] : []),
    (optional ? ApiPropertyOptional : ApiProperty)({
      description,
      example,
      minimum: rule.min,
      maximum: rule.max,
      ...(optional ? { type: Number, nullable: true } : {}),
    }),
  );
}

/** A member's name: one line, 2–100 characters, not a staff or demo name. */
export const MemberName = (optional = false) => TextOf(FIELDS.name, { example: 'أحمد محمد', optional });

/** A member's location: one line, at most 100 characters. */
export const MemberLocation = (optional = false) => TextOf(FIELDS.location, { example: 'عمّان', optional });

/** A Jordanian mobile number in any common form, stored as +9627XXXXXXXX (R-NUMBER-INPUT). */
export const PhoneNumber = () =>
  TextOf(FIELDS.phone, {
    example: '0791234567',
    description: `${FIELDS.phone.hint}؛ يُحفظ بالصيغة +9627XXXXXXXX`,
  });

/** Lower-cased and trimmed; required; a valid address. */
export const EmailAddress = (description?: string) =>
  TextOf(FIELDS.email, { example: 'member@example.com', description });

/** A new password: 6–128 characters, kept as typed. */
export const NewPassword = (description = 'كلمة المرور (6 أحرف على الأقل)') =>
  TextOf(FIELDS.password, { example: 'secret123', description });

/**
 * An optional search text (query string): "" is no search; otherwise one string of at most
 * `LIMITS.searchMax` characters. What it matches (and that only tatweel or diacritics match
 * nothing) is contracts' searchQuery.
 */
export const SearchText = () =>
  applyDecorators(
    EmptyAsMissing(),
    IsOptional(),
    IsString({ message: 'نص البحث يجب أن يكون نصاً واحداً' }),
    MaxChars(LIMITS.searchMax, {
      message: `يجب أن يكون نص البحث أقل من ${LIMITS.searchMax} حرف`,
    }),
  );

/**
 * A 6-digit code (verification, password reset, e-mail change). Typed as people type it
 * (contracts' codeDigits: Arabic-Indic digits, spaces and dashes); a JSON number is accepted too
 * (a numeric input drops leading zeros, which are put back). Anything else must be six digits.
 */
export function CodeField(description: string, required: string, invalidText?: string) {
  const invalid = invalidText ?? FIELDS.otpCode.messages.invalid;
  return applyDecorators(
    ApiProperty({ description, example: '123456', pattern: '^[0-9]{6}$' }),
    Transform(({ value }) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 10 ** LIMITS.otpLength
        ? String(value).padStart(LIMITS.otpLength, '0')
        : typeof value === 'string'
          ? codeDigits(value)
          : value,
    ),
    IsNotEmpty({ message: required }),
    IsString({ message: invalid }),
    Matches(FIELDS.otpCode.pattern, { message: invalid }),
  );
}

/**
 * An optional JOD amount of a query string (a price range's end): "" is not given; text is read
 * as people type it (JodAmount); a number of whole fils from 0 to the highest price and, with
 * `atLeast`, not below that other amount. Each message names the field by `label`.
 */
export function PriceParam(label: string, description: string, atLeast?: { property: string; message: string }) {
  return applyDecorators(
    ApiPropertyOptional({ description, minimum: 0, maximum: LIMITS.maxPriceJod, type: Number }),
    JodAmount(),
    IsOptional(),
    IsNumber({}, { message: `${label} يجب أن يكون رقماً بالدينار، مثل 250 أو 99.500` }),
    WholeFils({ message: `${label} يقبل 3 منازل عشرية على الأكثر` }),
    Min(0, { message: `${label} يجب ألا يكون سالباً` }),
    Max(LIMITS.maxPriceJod, { message: `${label} يجب ألا يتجاوز ${LIMITS.maxPriceJod} دينار` }),
    ...(atLeast ? [AtLeastAmountOf(atLeast.property, { message: atLeast.message })] : []),
  );
}
