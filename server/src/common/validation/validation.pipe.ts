import { type Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ERROR_MESSAGES } from '@mazad/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { AppException } from '../errors/app.exception';

const ARABIC = /[\u0600-\u06FF]/;

/** The text of a refused unknown field, naming it. */
export const unknownFieldMessage = (field: string) => `${ERROR_MESSAGES.UNKNOWN_FIELD}: ${field}`;

interface FieldError {
  field: string;
  message: string;
  unknown: boolean;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([name, text]) => {
      if (name === 'whitelistValidation') {
        return { field, unknown: true, message: unknownFieldMessage(field) };
      }
      // DTOs carry Arabic messages; anything else (a library default) is replaced by one that names the field.
      return { field, unknown: false, message: ARABIC.test(text) ? text : `قيمة الحقل "${field}" غير صالحة` };
    });
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * How every DTO is checked (the pipe below and `conformsTo`): unknown fields are refused, the
 * first broken rule of a field is enough. `forbidUnknownValues: false` as Nest's pipe sets it.
 */
const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  stopAtFirstError: true,
  forbidUnknownValues: false,
};

/**
 * Whitelist validation: unknown fields are rejected, values are transformed to their DTO
 * types, and the error names the field in Arabic.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = flatten(errors);
      const unknown = fields.find((f) => f.unknown);
      const first = unknown ?? fields[0];
      return new AppException(unknown ? 'UNKNOWN_FIELD' : 'VALIDATION_ERROR', {
        errors: fields.map(({ field, message }) => ({ field, message })),
        message: first?.message ?? ERROR_MESSAGES.VALIDATION_ERROR,
      });
    },
  });
}

/**
 * Whether `value` (a body or a query as it came) passes `dto`'s rules as the pipe applies them,
 * decided at once and without building an answer: for a door that must tell, without I/O,
 * whether a request is well formed before the pipe runs (the bid path's admission, R-BID-BUSY).
 * The pipe still answers the request. As the pipe: nothing is an empty object; an array, a
 * primitive or binary data is no DTO. Never throws: a value the transformer cannot read (a
 * nested `constructor` key, which the pipe strips before and the input hygiene refuses) is no DTO.
 */
export function conformsTo(dto: Type<object>, value: unknown): boolean {
  const input = value ?? {};
  if (typeof input !== 'object' || Array.isArray(input) || ArrayBuffer.isView(input)) return false;
  try {
    return validateSync(plainToInstance(dto, input), VALIDATOR_OPTIONS).length === 0;
  } catch {
    return false;
  }
}
