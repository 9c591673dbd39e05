import {
  BID_RETRACTION_REASON_CODES,
  BID_RETRACTION_REASONS,
  BID_RETRACTION_PERIOD_DAYS,
  BID_RETRACTIONS_PER_PERIOD,
  retractionRefusal,
  type Auction,
  type BidRetractionReason,
} from '@mazad/contracts';
import { useId, useState } from 'react';
import { Money } from '@/components/display';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useSession } from '@/features/auth';
import { useRetractBid } from '../../api';
import { useServerNow } from '../../hooks/use-server-now';
import './retract-bid-action.css';

export const RETRACT_LABEL = 'سحب المزايدة';

/** What taking the bid back does, said before the member confirms (R-BID-RETRACT). */
export const RETRACT_EFFECT =
  'تُلغى هذه المزايدة وما قدّمته بعدها على هذا المزاد، ويُسحب حدك الأقصى فيه، ويعود السعر إلى ما تقتضيه المزايدات الباقية. إن أردت المزايدة بالمبلغ الصحيح فأدخله بعد السحب مباشرة.';
export const RETRACT_LIMIT_NOTE = `السحب مسموح خلال ساعة من المزايدة، ولا يتجاوز ${BID_RETRACTIONS_PER_PERIOD} مرات خلال ${BID_RETRACTION_PERIOD_DAYS} يوماً.`;

/**
 * «سحب المزايدة» on the member's own bid in the bid history, while the server would take it
 * (retractionRefusal: theirs, standing, within the hour, not from before the last 12 hours, the
 * auction open; the monthly limit is the server's to tell): a dialog to choose the reason and
 * confirm, then POST …/bids/{bidId}/retract (useRetractBid). Nothing for anyone else's bid.
 */
export function RetractBidAction({ auction, bidId }: { auction: Auction; bidId: string }) {
  const { user } = useSession();
  const now = useServerNow(1000);
  const retract = useRetractBid(auction._id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<BidRetractionReason>(BID_RETRACTION_REASON_CODES[0]);
  const reasonName = useId();

  const bid = auction.bids?.find((b) => b._id === bidId);
  const facts = bid && { bidderId: bid.bidder?._id, createdAt: bid.createdAt, isCancelled: Boolean(bid.isCancelled) };
  if (!user || !bid || !facts || retractionRefusal(auction, facts, user._id, now)) return null;

  const close = () => setOpen(false);
  const confirm = () => retract.mutate({ bidId, reason }, { onSuccess: close });

  return (
    <span className="retract-bid">
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {RETRACT_LABEL}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={RETRACT_LABEL}
        role="alertdialog"
        footer={
          <>
            <Button variant="danger" onClick={confirm} loading={retract.isPending}>
              {RETRACT_LABEL}
            </Button>
            <Button variant="secondary" onClick={close}>
              تراجع
            </Button>
          </>
        }
      >
        <p>
          مزايدتك بمبلغ <Money amount={bid.amount} />
        </p>
        <fieldset className="choice-group">
          <legend className="field__label">سبب السحب</legend>
          {BID_RETRACTION_REASON_CODES.map((code) => (
            <label key={code} className={`choice ${reason === code ? 'choice--selected' : ''}`}>
              <input
                type="radio"
                name={reasonName}
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
              />
              <span className="choice__title">{BID_RETRACTION_REASONS[code]}</span>
            </label>
          ))}
        </fieldset>
        <p className="retract-bid__effect">{RETRACT_EFFECT}</p>
        <p className="retract-bid__effect muted">{RETRACT_LIMIT_NOTE}</p>
      </Modal>
    </span>
  );
}
