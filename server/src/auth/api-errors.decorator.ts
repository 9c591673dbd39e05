import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorView } from './dto/responses.dto';

/** Documents error answers: `@ApiErrors([400, 'VALIDATION_ERROR, CHALLENGE_INVALID'], [429, 'REGISTER_RATE_LIMITED'])`. */
export function ApiErrors(...errors: [status: number, codes: string][]) {
  return applyDecorators(...errors.map(([status, codes]) => ApiResponse({ status, description: codes, type: ErrorView })));
}
