import { AuctionStatus, canConfirmDeal, type ConversationAuction } from '@mazad/contracts';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { ConfirmDealButton } from './confirm-deal-button';

export const ALREADY_RATED_TEXT = 'لقد قمت بتقييم البائع لهذا المزاد';

export interface StatusPanelProps {
  auction: ConversationAuction;
  userId: string;
  confirming: boolean;
  onConfirm: () => void;
  onRate: () => void;
}

/**
 * Under the chat of a sold auction: the winner confirms receipt of the goods (the deal's rule,
 * canConfirmDeal; in the chat only the buyer is asked, the seller confirms from the profile) and
 * rates the seller (once: after that the button gives way to a note); the seller sees where the
 * deal is.
 */
export function StatusPanel({ auction, userId, confirming, onConfirm, onRate }: StatusPanelProps) {
  if (auction.status !== AuctionStatus.Sold) return null;
  const isWinner = auction.winner?._id === userId;
  return (
    <section className="chat-status" aria-label="حالة الصفقة" data-testid="deal-status">
      <p className="chat-status__line">
        <strong>تم بيع المزاد</strong> بسعر {formatMoney(auction.currentPrice)}
      </p>
      {auction.isDealConfirmed ? (
        <p className="chat-status__ok">
          ✓ {isWinner ? 'أكّدتَ استلام السلعة' : 'أكّد الفائز استلام السلعة'}
          {auction.dealConfirmedAt && <span className="muted"> — {formatDateTime(auction.dealConfirmedAt)}</span>}
        </p>
      ) : isWinner && canConfirmDeal(auction, { _id: userId }) ? (
        <div className="chat-status__row">
          <p>هل استلمت السلعة؟ أكّد الاستلام بعد أن تصلك.</p>
          <ConfirmDealButton side="winner" title={auction.title} busy={confirming} onConfirm={onConfirm} />
        </div>
      ) : (
        <p className="muted">بانتظار تأكيد الفائز لاستلام السلعة.</p>
      )}
      {isWinner &&
        (auction.isRatedBySeller ? (
          <p className="chat-status__ok">{ALREADY_RATED_TEXT}</p>
        ) : (
          <div className="chat-status__row">
            <p>شارك تجربتك مع البائع {auction.seller?.name}.</p>
            <Button variant="secondary" onClick={onRate}>
              تقييم البائع
            </Button>
          </div>
        ))}
    </section>
  );
}
