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

function ShareIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="6" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="18" cy="19" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function ShareButton({ auctionId, title, className }: { auctionId: string; title: string; className?: string }) {
  return (
    <Button variant="secondary" size="sm" className={className} onClick={() => void shareAuction(auctionId, title)}>
      <ShareIcon />
      <span>مشاركة</span>
    </Button>
  );
}
