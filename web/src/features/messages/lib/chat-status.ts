/** Labels of the chat screen that depend on the auction (its status and whether the deal is confirmed). */
import { AuctionStatus } from '@mazad/contracts';

export type BadgeTone = 'success' | 'warning' | 'neutral';

/** Active: the active label; sold and not confirmed: a confirm label; otherwise the raw status. */
export function chatBadge(status: string, isDealConfirmed: boolean): { label: string; tone: BadgeTone } {
  if (status === AuctionStatus.Active) return { label: 'نشط', tone: 'success' };
  if (status === AuctionStatus.Sold && !isDealConfirmed) return { label: 'بانتظار تأكيد الاستلام', tone: 'warning' };
  if (status === AuctionStatus.Sold) return { label: AuctionStatus.Sold, tone: 'success' };
  return { label: status, tone: 'neutral' };
}
