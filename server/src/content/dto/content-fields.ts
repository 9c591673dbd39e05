import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SAFE_LINK } from '@mazad/contracts';
import { cleanText } from '../../common/validation/fields';

/** The links site content may hold (contracts' SAFE_LINK, shared with the console's forms). */
export const SAFE_URL = SAFE_LINK;

const trim = Transform(({ value }) => (typeof value === 'string' ? cleanText(value) : value));

/**
 * Optional trimmed text (absent stays absent), at most `max` characters. With `required`, a
 * given value must not be blank (a partial update that changes the field).
 */
export function OptionalTextField(options: { label: string; example?: string; max: number; required?: string }) {
  const { label, example, max, required } = options;
  return applyDecorators(
    ApiPropertyOptional({ description: label, example, maxLength: max }),
    trim,
    IsOptional(),
    ...(required ? [IsNotEmpty({ message: required })] : []),
    IsString({ message: `${label} يجب أن يكون نصاً` }),
    MaxLength(max, { message: `${label} يجب ألا يتجاوز ${max} حرفاً` }),
  );
}

/** An optional link: "" (an empty form field) means none; otherwise a site path or an http(s) URL. */
export function OptionalLinkField(options: { label: string; example: string; max: number }) {
  const { label, example, max } = options;
  return applyDecorators(
    ApiPropertyOptional({
      description: `${label}: a site path (/…) or an http(s) address; empty means none`,
      example,
      maxLength: max,
    }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value)),
    IsOptional(),
    IsString({ message: `${label} يجب أن يكون نصاً` }),
    MaxLength(max, { message: `${label} يجب ألا يتجاوز ${max} حرفاً` }),
    Matches(SAFE_URL, { message: `${label} يجب أن يكون مساراً داخل الموقع يبدأ بـ / أو عنواناً يبدأ بـ https://` }),
  );
}
