import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ERROR_MESSAGES } from '@mazad/contracts';
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
 * Whitelist validation: unknown fields are rejected, values are transformed to their DTO
 * types, and the error names the field in Arabic.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
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
