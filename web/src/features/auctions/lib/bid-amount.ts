/**
 * The client's one check of a typed bid amount (R-BID-MIN-INCREMENT), shared by the bid modal
 * and the detail page's bid box: a number with at most 3 decimals, at least the offer's minimum
 * (`offerState(...).minimumBid` from '@mazad/contracts': strictly above the current price). All
 * arithmetic is in integer fils. The server enforces the same rule; this only spares a round trip.
 */
import { ERROR_MESSAGES, filsToJod, jodToFils } from '@mazad/contracts';
import type { Resolver } from 'react-hook-form';
import { TOO_MANY_DECIMALS } from './messages';

/** Why an amount cannot be sent (`empty`: nothing typed yet). */
export type BidAmountProblem = 'empty' | 'too-many-decimals' | 'too-low';

export type BidAmountCheck = { ok: true; amount: number } | { ok: false; problem: BidAmountProblem };

/** A price already on the server has at most 3 decimals; round float noise such as 0.1 + 0.2. */
const toFils = (jod: number): number => jodToFils(jod) ?? Math.round(jod * 1000);

/** The amount typed (or given): a number with at most 3 decimals, at least `minimumBid`. */
export function checkBidAmount(input: string | number, minimumBid: number): BidAmountCheck {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  const amount = Number(text);
  // Not a number: nothing above the current price was typed.
  if (!Number.isFinite(amount)) return { ok: false, problem: 'too-low' };
  const fils = jodToFils(amount);
  if (fils === undefined) return { ok: false, problem: 'too-many-decimals' };
  if (fils < toFils(minimumBid)) return { ok: false, problem: 'too-low' };
  return { ok: true, amount: filsToJod(fils) };
}

/** The Arabic text of a problem: the server's own text for a low (or missing) amount. */
export function bidAmountMessage(problem: BidAmountProblem): string {
  return problem === 'too-many-decimals' ? TOO_MANY_DECIMALS : ERROR_MESSAGES.BID_TOO_LOW;
}

/** What a bid form holds (the amount as typed) and what it sends. */
export interface BidFormValues {
  amount: string;
}

/**
 * The bid forms' check as a react-hook-form resolver. Plain code rather than a zod schema: the
 * bid box sits on the auction page, which a visitor opens first, and the rule is one comparison.
 */
export function bidAmountResolver(minimumBid: number): Resolver<BidFormValues, unknown, { amount: number }> {
  const nothing: Record<string, never> = {};
  return (values) => {
    const check = checkBidAmount(values.amount, minimumBid);
    if (check.ok) return { values: { amount: check.amount }, errors: nothing };
    return { values: nothing, errors: { amount: { type: check.problem, message: bidAmountMessage(check.problem) } } };
  };
}
