import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  registerDecorator,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { isReservedName, jodToFils, LIMITS } from '@mazad/contracts';
import { BIDI_CONTROLS, hasVisibleText, LINE_BREAKS } from './text-hygiene';

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

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A price in JOD: numbers stay numbers, numeric strings become numbers, "" and null mean
 * "not given", anything else becomes NaN (reported by IsNumber as not a number).
 */
export const JodAmount = () =>
  Transform(({ value }) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return undefined;
      return DECIMAL.test(text) ? Number(text) : Number.NaN;
    }
    return Number.NaN;
  });

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
export function MaxChars(max: number, options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'maxChars',
      target: target.constructor,
      propertyName,
      constraints: [max],
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && Array.from(value).length <= max },
    });
}

/** A JOD amount with at most 3 decimals (whole fils). */
export function WholeFils(options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'wholeFils',
      target: target.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value === 'number' && jodToFils(value) !== undefined },
    });
}

/**
 * Strictly greater than another amount of the same object (compared in fils). Passes when the
 * other amount is itself invalid: that field reports its own error.
 */
export function AboveAmountOf(otherProperty: string, options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'aboveAmountOf',
      target: target.constructor,
      propertyName,
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

/** Required trimmed text with a minimum and maximum length. */
export function TextField(options: { label: string; required: string; example: string; min?: number; max: number }) {
  const { label, required, example, min, max } = options;
  return applyDecorators(
    ApiProperty({ description: label, example, minLength: min, maxLength: max }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsNotEmpty({ message: required }),
    IsString({ message: `${label} يجب أن يكون نصاً` }),
    ...(min
      ? [MinLength(min, { message: `${label} يجب أن يكون ${min === 2 ? 'حرفين' : `${min} أحرف`} على الأقل` })]
      : []),
    MaxLength(max, { message: `${label} يجب ألا يتجاوز ${max} حرفاً` }),
  );
}

/**
 * One line of text a member shows to others — a name, a location, a title — required and
 * trimmed, `min`–`max` characters (code points). Refuses line breaks and tabs, bidirectional
 * embedding/override/isolate controls and text with no visible letter or digit (only spaces,
 * zero-width characters, marks or tatweel), each with an Arabic message naming the field
 * (text-hygiene.ts, classes 2–4). With `reserved`, staff and demo names are refused too
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
  const { label, required, example, min, max, reserved, optional } = options;
  const tooLong = options.tooLong ?? `${label} يجب ألا يتجاوز ${max} حرفاً`;
  const rule =
    (name: string, validate: (text: string) => boolean, message: string): PropertyDecorator =>
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: propertyName as string,
        options: { message },
        validator: { validate: (value: unknown) => typeof value === 'string' && validate(value) },
      });
  return applyDecorators(
    ApiProperty({ description: `${label} (one line)`, example, minLength: min, maxLength: max, required: !optional }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    ...(optional ? [IsOptional()] : []),
    IsNotEmpty({ message: required }),
    IsString({ message: `${label} يجب أن يكون نصاً` }),
    rule('singleLine', (text) => !LINE_BREAKS.test(text), `${label} يجب أن يكون سطراً واحداً دون فواصل أسطر`),
    rule(
      'noBidiControls',
      (text) => !BIDI_CONTROLS.test(text),
      `${label} يحتوي على رموز تحكم باتجاه النص غير مسموح بها`,
    ),
    rule('visibleText', hasVisibleText, `${label} يجب أن يحتوي على حروف أو أرقام ظاهرة`),
    ...(min
      ? [
          rule(
            'minChars',
            (text) => Array.from(text).length >= min,
            `${label} يجب أن يكون ${min === 2 ? 'حرفين' : `${min} أحرف`} على الأقل`,
          ),
        ]
      : []),
    rule('maxChars', (text) => Array.from(text).length <= max, tooLong),
    ...(reserved
      ? [rule('notReserved', (text) => !isReservedName(text), `${label} محجوز لفريق الموقع، يرجى اختيار اسم آخر`)]
      : []),
  );
}

/** A member's name: one line, 2–100 characters, not a staff or demo name. */
export const MemberName = (label = 'الاسم', optional = false) =>
  SingleLineText({
    label,
    required: `${label} مطلوب`,
    example: 'أحمد محمد',
    min: LIMITS.nameMin,
    max: LIMITS.nameMax,
    reserved: true,
    optional,
  });

/** A member's location: one line, at most 100 characters. */
export const MemberLocation = (optional = false) =>
  SingleLineText({ label: 'الموقع', required: 'الموقع مطلوب', example: 'عمّان', max: LIMITS.locationMax, optional });

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
    }) as PropertyDecorator,
  );
