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
 * What the pipe above makes of `value` as a `dto` (the DTO instance, its values transformed), or
 * null when the pipe would refuse it — without building the refusal: a check for admission
 * control's door (R-BID-BUSY), whose instance the socket's handler then takes as the pipe's own.
 * Objects only: a primitive or binary data is no DTO. Never throws: a value the transformer
 * cannot read (a nested `constructor` key, which the pipe strips before and the input hygiene
 * refuses) is no DTO.
 */
export function validInstance<T extends object>(dto: Type<T>, value: unknown): T | null {
  const input = value ?? {};
  if (typeof input !== 'object' || Array.isArray(input) || ArrayBuffer.isView(input)) return null;
  try {
    const instance = plainToInstance(dto, input);
    return validateSync(instance, VALIDATOR_OPTIONS).length === 0 ? instance : null;
  } catch {
    return null;
  }
}
