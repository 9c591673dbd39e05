/**
 * The auction page's bar on a phone (hidden from 900 px, where the buying column stays in view):
 * the price, the time left and the actions — «زايد» (to the bid box, its amount focused) and
 * «شراء فوري» while offered, or «إدارة المزاد» for the seller. It sticks to the bottom of the
 * screen while the page scrolls and takes its own place at the page's end (position: sticky, the
 * article's last child), so it never hides the last of the content. A labelled region: reached
 * by screen readers' landmarks and by Tab after the page's content.
 */
import { Money } from '@/components/display';
import { Button } from '@/components/ui/button';
import { LiveTimeLeft } from './live-time-left';

export interface StickyBidBarProps {
  currentPrice: number;
  endTime: string;
  /** The seller's bar leads to their manage actions. */
  isSeller: boolean;
  /** The buy-now price while buy-now is on offer, else null. */
  buyNowPrice: number | null;
  onBid: () => void;
  onBuyNow: () => void;
  onManage: () => void;
}

export function StickyBidBar({
  currentPrice,
  endTime,
  isSeller,
  buyNowPrice,
  onBid,
  onBuyNow,
  onManage,
}: StickyBidBarProps) {
  return (
    <section className="sticky-bid-bar" aria-label="المزايدة السريعة" data-testid="sticky-bid-bar">
      <div className="sticky-bid-bar__facts">
        <Money amount={currentPrice} className="sticky-bid-bar__price" data-testid="sticky-price" />
        <LiveTimeLeft endTime={endTime} className="sticky-bid-bar__time" />
      </div>
      <div className="sticky-bid-bar__actions">
        {isSeller ? (
          <Button size="sm" variant="secondary" onClick={onManage}>
            إدارة المزاد
          </Button>
        ) : (
          <>
            <Button size="sm" onClick={onBid}>
              زايد
            </Button>
            {buyNowPrice !== null && (
              <Button size="sm" variant="secondary" className="sticky-bid-bar__buy" onClick={onBuyNow}>
                شراء فوري
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
