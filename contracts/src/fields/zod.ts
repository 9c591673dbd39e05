/**
 * zod schemas of the shared fields, for the web forms. Built from the caller's zod (`fieldSchemas(z)`)
 * rather than imported here: the web app configures its zod once (no `new Function`, for its
 * Content-Security-Policy) and keeps zod out of its first bundle, which importing zod from
 * contracts would defeat. Checks run in the server's order, so a field's first issue carries the
 * text the server would answer.
 */
import type { z as Zod } from 'zod';
import { jodToFils } from '../money';
import { amountInput, textChecks } from './checks';
import { FIELDS, type AmountRule, type ChoiceRule, type TextRule } from './rules';

/**
 * The members of zod the schemas are built with. A caller may pass these alone (`{ email: z.email,
 * … }`): handing a bundler the whole `z` namespace as a value keeps all of zod (every locale too).
 */
type Z = Pick<typeof Zod, 'email' | 'number' | 'preprocess' | 'string'>;

/** The shared fields' schemas, built with the caller's zod. */
export function fieldSchemas(z: Z) {
  const isEmail = (text: string) => z.email().safeParse(text).success;

  /**
   * Trimmed unless the rule keeps whitespace, lower-cased when it says so, rewritten by its
   * `normalize` (the form then sends the stored form), required, then its checks.
   */
  const text = (rule: TextRule) => {
    const m = rule.messages;
    const typed = z.string({
      error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.notText),
    });
    const trimmed = rule.keepWhitespace ? typed : typed.trim();
    const cased = rule.lowercase ? trimmed.toLowerCase() : trimmed;
    const normalised = rule.normalize ? cased.overwrite(rule.normalize) : cased;
    // Stop at the first failed check, as the server does: one message per field.
    return textChecks(rule, isEmail).reduce(
      (schema, [check, message]) => schema.refine(check, { message, abort: true }),
      normalised.min(1, { message: m.required, abort: true }),
    );
  };

  /** A JOD amount from a number or a form's text; `optional` lets "" and undefined through. */
  const amount = (rule: AmountRule, { optional = false } = {}) => {
    const m = rule.messages;
    const number = z
      .number({ error: (issue) => (issue.input === undefined ? m.required : m.notNumber) })
      .refine((n) => jodToFils(n) !== undefined, { message: m.decimals, abort: true })
      .refine((n) => n >= rule.min, { message: m.tooLow, abort: true })
      .refine((n) => n <= rule.max, { message: m.tooHigh, abort: true });
    return z.preprocess(amountInput, optional ? number.optional() : number);
  };

  /** One of `values` (categories, the configured durations, contact subjects). */
  const choice = <T extends string>(rule: ChoiceRule, values: readonly T[]) =>
    z
      .string({ error: rule.messages.required })
      .trim()
      .min(1, { message: rule.messages.required, abort: true })
      .refine((v): v is T => (values as readonly string[]).includes(v), { message: rule.messages.invalid });

  return {
    text,
    amount,
    choice,
    name: text(FIELDS.name),
    email: text(FIELDS.email),
    phone: text(FIELDS.phone),
    location: text(FIELDS.location),
    password: text(FIELDS.password),
    otpCode: text(FIELDS.otpCode),
    auctionTitle: text(FIELDS.auctionTitle),
    auctionDescription: text(FIELDS.auctionDescription),
    startingPrice: amount(FIELDS.startingPrice),
    buyNowPrice: amount(FIELDS.buyNowPrice, { optional: true }),
    contactName: text(FIELDS.contactName),
    contactEmail: text(FIELDS.contactEmail),
    contactMessage: text(FIELDS.contactMessage),
  };
}
