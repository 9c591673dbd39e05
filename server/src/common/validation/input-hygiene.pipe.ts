import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ERROR_MESSAGES } from '@mazad/contracts';
import { AppException } from '../errors/app.exception';
import { hasForbiddenCharacters } from './text-hygiene';
import { unknownFieldMessage } from './validation.pipe';

/** Deepest object or array nesting any request may carry (the deepest DTO needs 3). */
export const MAX_INPUT_DEPTH = 32;

const HYGIENE_TYPES = new Set(['body', 'query', 'param']);

/**
 * Keys that name an object's prototype machinery rather than data. No DTO has them; merged
 * into an object they would change its prototype (`__proto__`) or shadow what every object
 * inherits, and class-transformer drops them silently, so the validation pipe's "unknown
 * field" never saw them. Refused as unknown fields instead, naming them.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A field path for messages: "scheduleInfo.details", "images.0"; an offending key is shown escaped. */
const join = (parent: string, key: string) => {
  const safe = hasForbiddenCharacters(key) ? JSON.stringify(key).slice(1, -1) : key;
  return parent ? `${parent}.${safe}` : safe;
};

/**
 * Runs first on every body, query and route parameter of every route (multipart text fields
 * included: they are parsed by the route's interceptor, before pipes), so no route can forget
 * it. Refuses class-1 characters (text-hygiene.ts: NUL and other control characters, lone
 * surrogates) in any string value or key with 400 INVALID_CHARACTERS naming the field,
 * nesting deeper than MAX_INPUT_DEPTH with 400 INPUT_TOO_DEEP and PROTOTYPE_KEYS at any level
 * with 400 UNKNOWN_FIELD naming the field. Values pass unchanged. Socket events go through the
 * same walk (realtime/socket-input.ts).
 *
 * The walk is iterative: a hostile document cannot exhaust the stack here (JSON bodies are
 * also refused by depth while parsing, see body-parsers.ts).
 */
@Injectable()
export class InputHygienePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (!HYGIENE_TYPES.has(metadata.type)) return value;
    const stack: { value: unknown; path: string; depth: number }[] = [
      { value, path: metadata.type === 'body' ? '' : (metadata.data ?? ''), depth: 0 },
    ];
    const bad: string[] = [];
    while (stack.length && bad.length < 20) {
      const item = stack.pop()!;
      if (typeof item.value === 'string') {
        if (hasForbiddenCharacters(item.value)) bad.push(item.path || metadata.type);
        continue;
      }
      if (item.value === null || typeof item.value !== 'object') continue;
      if (item.depth >= MAX_INPUT_DEPTH) throw new AppException('INPUT_TOO_DEEP');
      // Pushed in reverse so that fields are reported in the order they were sent.
      for (const [key, child] of Object.entries(item.value).reverse()) {
        const path = join(item.path, key);
        if (PROTOTYPE_KEYS.has(key)) {
          throw new AppException('UNKNOWN_FIELD', {
            errors: [{ field: path, message: unknownFieldMessage(path) }],
            message: unknownFieldMessage(path),
          });
        }
        if (hasForbiddenCharacters(key)) bad.push(path);
        stack.push({ value: child, path, depth: item.depth + 1 });
      }
    }
    if (bad.length) {
      const errors = [...new Set(bad)].map((field) => ({
        field,
        message: `الحقل "${field}" يحتوي على رموز تحكم غير مسموح بها`,
      }));
      throw new AppException('INVALID_CHARACTERS', {
        errors,
        message: errors[0]?.message ?? ERROR_MESSAGES.INVALID_CHARACTERS,
      });
    }
    return value;
  }
}
