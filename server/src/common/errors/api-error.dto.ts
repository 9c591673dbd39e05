import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

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
  @ApiPropertyOptional({ description: '429: seconds to wait (also the Retry-After header)' }) retryAfter?: number;
  @ApiPropertyOptional({ description: 'OTP_INVALID: wrong tries left' }) attemptsLeft?: number;
  @ApiPropertyOptional({ description: '409 EMAIL_TAKEN: offer a password reset' }) redirectToReset?: boolean;
}

/** Documents error answers: `@ApiErrors([400, 'VALIDATION_ERROR, CHALLENGE_INVALID'], [429, 'REGISTER_RATE_LIMITED'])`. */
export function ApiErrors(...errors: [status: number, codes: string][]) {
  return applyDecorators(...errors.map(([status, codes]) => ApiResponse({ status, description: codes, type: ApiErrorDto })));
}
