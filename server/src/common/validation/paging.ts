import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS } from '@mazad/contracts';
import { IntegerParam } from './fields';

/** Highest page number a list accepts (deeper pages are a crawl, not a reader). */
export const MAX_PAGE = 100_000;

/** "رقم الصفحة (page)": the field as a member reads it, with the parameter's own name. */
const PAGE = 'رقم الصفحة (page)';
const LIMIT = 'عدد العناصر في الصفحة (limit)';

/**
 * `page`: optional whole number from 1, written in digits (query strings arrive as text).
 * Rules are checked in the order written, so "1e3", "1.5" or a stray character is reported as
 * not a whole number, never as "too large".
 */
export const PageParam = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: MAX_PAGE, default: 1 }),
    IntegerParam(),
    IsOptional(),
    IsInt({ message: `${PAGE} يجب أن يكون عدداً صحيحاً مكتوباً بالأرقام، مثل 1 أو 2` }),
    Min(1, { message: `${PAGE} يجب أن يكون 1 على الأقل` }),
    Max(MAX_PAGE, { message: `${PAGE} يجب ألا يتجاوز ${MAX_PAGE}` }),
  );

/**
 * `limit`: optional whole number from 1. With `max`, larger values are refused; without it the
 * list caps them itself (say so in `description`).
 */
export const PageSizeParam = (o: { default: number; max?: number; description?: string }) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: o.max, default: o.default, description: o.description }),
    IntegerParam(),
    IsOptional(),
    IsInt({ message: `${LIMIT} يجب أن يكون عدداً صحيحاً مكتوباً بالأرقام، مثل 20` }),
    Min(1, { message: `${LIMIT} يجب أن يكون 1 على الأقل` }),
    ...(o.max === undefined ? [] : [Max(o.max, { message: `${LIMIT} يجب ألا يتجاوز ${o.max}` })]),
  );

/**
 * `page` and `limit` of the member-facing lists (GET /api/auctions, the watchlist, the
 * notifications): `limit` defaults to LIMITS.pageLimitDefault and the list caps larger values at
 * LIMITS.pageLimitMax. A list's query DTO extends it.
 */
export class PageQueryDto {
  @PageParam()
  page?: number;

  @PageSizeParam({
    default: LIMITS.pageLimitDefault,
    description: `Page size; larger values are capped at ${LIMITS.pageLimitMax}`,
  })
  limit?: number;
}
