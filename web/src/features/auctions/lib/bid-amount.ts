/**
 * The client's one copy of the bid-amount rules (R-BID-MIN-INCREMENT, R-MONEY-FILS), shared by the
 * bid modal and the detail page's bid box: the suggestion (current price + 1 JOD) and the
 * check of a typed amount (a number with at most 3 decimals, strictly above the current
 * price). All arithmetic is in integer fils. The server enforces the same rules; these only
 * spare a round trip.
 */
import { ERROR_MESSAGES, filsToJod, jodToFils } from '@mazad/contracts';
import { TOO_MANY_DECIMALS } from './messages';

/** One JOD: the step between the current price and the suggested bid. */
const SUGGESTION_STEP_FILS = 1000;

/** A price already on the server has at most 3 decimals; round float noise such as 0.1 + 0.2. */
function priceFils(currentPrice: number): number {
  const value = Number(currentPrice) || 0;
  return jodToFils(value) ?? Math.round(value * 1000);
}

/** current + 1 JOD, e.g. 120.5 → 121.5 (no float drift). Also the amount input's `min`. */
export function suggestedBid(currentPrice: number): number {
  return filsToJod(priceFils(currentPrice) + SUGGESTION_STEP_FILS);
}

/** Why an amount cannot be sent (`empty`: nothing typed yet; the modal waits before it says so). */
export type BidAmountProblem = 'empty' | 'too-many-decimals' | 'too-low';

export type BidAmountCheck = { ok: true; amount: number } | { ok: false; problem: BidAmountProblem };

/** The amount typed (or given): a number with at most 3 decimals, strictly above the current price. */
export function checkBidAmount(input: string | number, currentPrice: number): BidAmountCheck {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  const amount = Number(text);
  // Not a number: nothing above the current price was typed.
  if (!Number.isFinite(amount)) return { ok: false, problem: 'too-low' };
  const fils = jodToFils(amount);
  if (fils === undefined) return { ok: false, problem: 'too-many-decimals' };
  if (fils <= priceFils(currentPrice)) return { ok: false, problem: 'too-low' };
  return { ok: true, amount: filsToJod(fils) };
}

/** The Arabic text of a problem: the server's own text for a low (or missing) amount. */
export function bidAmountMessage(problem: BidAmountProblem): string {
  return problem === 'too-many-decimals' ? TOO_MANY_DECIMALS : ERROR_MESSAGES.BID_TOO_LOW;
}
