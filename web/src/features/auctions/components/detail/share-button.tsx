/**
 * "مشاركة" on the auction page: the system share sheet (Web Share API) where the browser has
 * one, else the auction's public address is copied to the clipboard and a toast says so.
 */
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';

export const LINK_COPIED = 'تم نسخ الرابط';
export const COPY_FAILED = 'تعذّر نسخ الرابط، انسخه من شريط العنوان';

/** The auction's public address on this site (the one its share preview answers: docs/auctions.md). */
export const auctionUrl = (id: string) => new URL(paths.auction.getHref(id), window.location.origin).href;

export async function shareAuction(id: string, title: string): Promise<void> {
  const url = auctionUrl(id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The member closed the sheet: nothing to do. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(LINK_COPIED);
  } catch {
    toast.error(COPY_FAILED);
  }
}

export function ShareButton({ auctionId, title }: { auctionId: string; title: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void shareAuction(auctionId, title)}>
      <span aria-hidden="true">⤴ </span>مشاركة
    </Button>
  );
}
