import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ERRORS, type ErrorCode, type Route } from '@mazad/contracts';

/** The error body every failing call answers (ApiErrorBody in contracts), for the OpenAPI document. */
export class ApiErrorDto {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'VALIDATION_ERROR' }) code: string;
  @ApiProperty({ example: 'الاسم مطلوب', description: 'Arabic text' }) message: string;
  @ApiProperty({ example: 'الاسم مطلوب', description: 'Same Arabic text' }) error: string;
  @ApiPropertyOptional({
    type: 'array',
    description: 'Validation errors: one entry per offending field',
    items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
  })
  errors?: { field: string; message: string }[];
  @ApiPropertyOptional({ description: '429 and 503 AUCTION_BUSY: seconds to wait (also the Retry-After header)' })
  retryAfter?: number;
  @ApiPropertyOptional({ description: 'OTP_INVALID: wrong tries left' }) attemptsLeft?: number;
  @ApiPropertyOptional({ description: '409 EMAIL_TAKEN: offer a password reset' }) redirectToReset?: boolean;
}

/**
 * One documented error: a code of contracts' ERRORS table, optionally followed by a note
 * (`'VALIDATION_ERROR naming the field'`, `'EMAIL_TAKEN (redirectToReset: true)'`,
 * `'ARCHIVE_FORBIDDEN: not the member'`).
 */
export type ErrorDoc = ErrorCode | `${ErrorCode} ${string}` | `${ErrorCode}: ${string}`;

/** The code a documented error starts with (throws at start-up on an unknown code). */
function codeOf(doc: string): ErrorCode {
  const code = /^[A-Z][A-Z0-9_]*/.exec(doc)?.[0];
  if (!code || !(code in ERRORS)) throw new Error(`ApiErrors: "${doc}" does not start with an error code`);
  return code as ErrorCode;
}

/**
 * Documents a route's error answers by code: `@ApiErrors('VALIDATION_ERROR naming the field',
 * 'CHALLENGE_INVALID', 'REGISTER_RATE_LIMITED')`. Each code is listed under its status from the
 * ERRORS table (contracts/src/errors.ts), so the OpenAPI document cannot disagree with the
 * answers; codes of one status share one response.
 */
export function ApiErrors(...docs: ErrorDoc[]) {
  const byStatus = new Map<number, string[]>();
  for (const doc of docs) {
    const status = ERRORS[codeOf(doc)].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), doc]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, list]) => ApiResponse({ status, description: list.join(', '), type: ApiErrorDto })),
  );
}

/**
 * Documents a route's error answers as contracts' route table lists them (`routes.bids.place`),
 * the one list of its codes; `notes` adds a note to some codes (`AUCTION_BUSY (503 with
 * Retry-After…)`), wherever they are listed.
 */
export function ApiRouteErrors(route: Route, notes: Partial<Record<ErrorCode, string>> = {}) {
  return ApiErrors(...route.errors.map((code): ErrorDoc => (notes[code] ? `${code} (${notes[code]})` : code)));
}
