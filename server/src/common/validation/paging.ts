import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IntegerParam } from './fields';

/** Highest page number a list accepts (deeper pages are a crawl, not a reader). */
export const MAX_PAGE = 100_000;

/** `page`: optional whole number from 1 (query strings arrive as text). */
export const PageParam = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, default: 1 }),
    Max(MAX_PAGE, { message: 'رقم الصفحة كبير جداً' }),
    Min(1, { message: 'رقم الصفحة يجب أن يكون 1 على الأقل' }),
    IsInt({ message: 'رقم الصفحة يجب أن يكون عدداً صحيحاً' }),
    IsOptional(),
    IntegerParam(),
  );

/**
 * `limit`: optional whole number from 1. With `max`, larger values are refused; without it the
 * list caps them itself (say so in `description`).
 */
export const PageSizeParam = (o: { default: number; max?: number; description?: string }) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: o.max, default: o.default, description: o.description }),
    ...(o.max === undefined ? [] : [Max(o.max, { message: `عدد العناصر في الصفحة يجب ألا يتجاوز ${o.max}` })]),
    Min(1, { message: 'عدد العناصر في الصفحة يجب أن يكون 1 على الأقل' }),
    IsInt({ message: 'عدد العناصر في الصفحة يجب أن يكون عدداً صحيحاً' }),
    IsOptional(),
    IntegerParam(),
  );
