/**
 * The client's one check of a typed bid amount (R-BID-MIN-INCREMENT), shared by the bid modal
 * and the detail page's bid and maximum boxes: read as people type it (contracts' parseJod,
 * R-NUMBER-INPUT: Arabic-Indic digits, «٫» and «٬», pasted "1,250.500"), a number with at most 3
 * decimals, at least the offer's minimum (`offerState(...).minimumBid` from '@mazad/contracts':
 * strictly above the current price). All arithmetic is in integer fils. The server enforces the
 * same rule; this only spares a round trip, and says what the server would: the field's texts
 * are contracts' (`FIELDS.bidAmount`, `FIELDS.maxBid`), the low amount's the server's refusal.
 */
import { ERROR_MESSAGES, FIELDS, filsToJod, jodToFils, parseJod, type AmountRule } from '@mazad/contracts';
import type { Resolver } from 'react-hook-form';

/** Why an amount cannot be sent (`empty`: nothing typed yet). */
export type BidAmountProblem = 'empty' | 'not-a-number' | 'too-many-decimals' | 'too-low';

export type BidAmountCheck = { ok: true; amount: number } | { ok: false; problem: BidAmountProblem };

/** A price already on the server has at most 3 decimals; round float noise such as 0.1 + 0.2. */
const toFils = (jod: number): number => jodToFils(jod) ?? Math.round(jod * 1000);

const PROBLEMS = { empty: 'empty', invalid: 'not-a-number', decimals: 'too-many-decimals' } as const;

/** The amount typed (or given): a number with at most 3 decimals, at least `minimumBid`. */
export function checkBidAmount(input: string | number, minimumBid: number): BidAmountCheck {
  const reading = parseJod(typeof input === 'number' ? String(input) : input);
  if (!reading.ok) return { ok: false, problem: PROBLEMS[reading.reason] };
  const fils = jodToFils(reading.value);
  if (fils === undefined) return { ok: false, problem: 'too-many-decimals' };
  if (fils < toFils(minimumBid)) return { ok: false, problem: 'too-low' };
  return { ok: true, amount: filsToJod(fils) };
}

/**
 * The Arabic text of a problem: the amount field's form text (`field`: a bid's unless given) for
 * what is no number of whole fils — what to type, in what format — and the server's refusal for
 * a low (or missing) amount.
 */
export function bidAmountMessage(problem: BidAmountProblem, field: AmountRule = FIELDS.bidAmount): string {
  if (problem === 'too-many-decimals' || problem === 'not-a-number')
    return field.messages.typed ?? field.messages.decimals;
  return ERROR_MESSAGES.BID_TOO_LOW;
}

/** What a bid form holds (the amount as typed) and what it sends. */
export interface BidFormValues {
  amount: string;
}

/**
 * The bid forms' check as a react-hook-form resolver. Plain code rather than a zod schema: the
 * bid box sits on the auction page, which a visitor opens first, and the rule is one comparison.
 */
export function bidAmountResolver(
  minimumBid: number,
  field: AmountRule = FIELDS.bidAmount,
): Resolver<BidFormValues, unknown, { amount: number }> {
  const nothing: Record<string, never> = {};
  return (values) => {
    const check = checkBidAmount(values.amount, minimumBid);
    if (check.ok) return { values: { amount: check.amount }, errors: nothing };
    return {
      values: nothing,
      errors: { amount: { type: check.problem, message: bidAmountMessage(check.problem, field) } },
    };
  };
}
