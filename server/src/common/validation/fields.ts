import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  isEmail,
  Max,
  Min,
  registerDecorator,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { amountInput, FIELDS, jodToFils, LIMITS, textChecks, textRule } from '@mazad/contracts';
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

/** A positive integer from a query string ("" means not given; junk fails IsInt). */
export const IntegerParam = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return undefined;
      return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    }
    return Number.NaN;
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
 * Strictly greater than another amount of the same object (compared in fils). Passes when the
 * other amount is itself invalid: that field reports its own error.
 */
export function AboveAmountOf(otherProperty: string, options: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'aboveAmountOf',
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
          return fils !== undefined && fils > otherFils;
        },
      },
    });
}

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
 * own): trimmed unless the rule keeps whitespace (and lower-cased when it says so), required
 * unless `optional`, then the rule's checks in order, each with the rule's Arabic message. The
 * web's zod schemas (contracts' fieldSchemas) run the same checks.
 */
export function TextOf(rule: TextRule, options: { example: string; description?: string; optional?: boolean }) {
  const { example, optional } = options;
  const m = rule.messages;
  const normalise = (text: string) => {
    const trimmed = rule.keepWhitespace ? text : text.trim();
    return rule.lowercase ? trimmed.toLowerCase() : trimmed;
  };
  return applyDecorators(
    (optional ? ApiPropertyOptional : ApiProperty)({
      description: options.description ?? rule.label,
      example,
      minLength: rule.min,
      maxLength: rule.max,
      pattern: rule.pattern?.source,
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

/** A phone number: digits, plus, minus, spaces and parentheses. */
export const PhoneNumber = () =>
  TextOf(FIELDS.phone, { example: '+962 79 123 4567', description: 'رقم الهاتف: أرقام و + و - ومسافات وأقواس' });

/** Lower-cased and trimmed; required; a valid address. */
export const EmailAddress = (description?: string) =>
  TextOf(FIELDS.email, { example: 'member@example.com', description });

/** A new password: 6–128 characters, kept as typed. */
export const NewPassword = (description = 'كلمة المرور (6 أحرف على الأقل)') =>
  TextOf(FIELDS.password, { example: 'secret123', description });

/**
 * An optional search text (query string): "" is no search; otherwise one string of at most
 * `LIMITS.searchMax` characters. What it matches (and that only tatweel or diacritics match
 * nothing) is contracts' searchTerm.
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
