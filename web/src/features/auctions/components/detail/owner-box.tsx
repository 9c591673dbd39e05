/**
 * What the seller sees where a bidder sees the bid box (R-BID-NOT-SELLER): their own auction's
 * manage actions — edit while allowed (R-EDIT-ONCE), delete while allowed
 * (R-DELETE-BEFORE-BIDS), the bids so far — as partyActions says (the server's own rules), never
 * an enabled-looking bid form. Why edit or delete is gone is said in words.
 */
import type { PartyActions } from '@mazad/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { countOf, NOUNS } from '@/lib/format';
import { YOU_OWN_THIS_AUCTION } from '../../lib/messages';
import { BID_HISTORY_ID, goTo, OWNER_BOX_ID } from './bid-box-anchor';

// Only a seller who asks to delete needs the dialog: the selling feature's chunk is not part of
// the auction page a visitor opens.
const DeleteAuctionDialog = lazy(() =>
  import('@/features/selling').then((selling) => ({ default: selling.DeleteAuctionDialog })),
);

export const EDIT_DELETE_NOTICE = 'لا يمكن تعديل المزاد أو حذفه بعد وجود مزايدات عليه.';

export interface OwnerBoxProps {
  auctionId: string;
  bidCount: number;
  /** The seller's actions: partyActions of the auction for the viewer. */
  actions: Pick<PartyActions, 'canEdit' | 'editRefusal' | 'canDelete' | 'deleteRefusal'>;
  deleting?: boolean;
  onDelete: () => void;
}

export function OwnerBox({ auctionId, bidCount, actions, deleting = false, onDelete }: OwnerBoxProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const reasons = [
    !actions.canEdit && actions.editRefusal?.code !== 'AUCTION_HAS_BIDS' ? actions.editRefusal?.message : null,
    !actions.canDelete && actions.deleteRefusal?.code !== 'AUCTION_HAS_BIDS' ? actions.deleteRefusal?.message : null,
  ].filter((reason, i, all): reason is string => !!reason && all.indexOf(reason) === i);
  const hasBids =
    actions.editRefusal?.code === 'AUCTION_HAS_BIDS' || actions.deleteRefusal?.code === 'AUCTION_HAS_BIDS';

  return (
    <section id={OWNER_BOX_ID} className="detail-box owner-box" aria-labelledby={titleId} data-testid="owner-box">
      <h2 id={titleId} className="detail-box__title">
        إدارة مزادك
      </h2>
      <p className="muted owner-box__note">{YOU_OWN_THIS_AUCTION}، لا يمكنك المزايدة عليه أو شراؤه.</p>
      <div className="owner-box__actions">
        {actions.canEdit && (
          <ButtonLink to={paths.editAuction.getHref(auctionId)} variant="secondary">
            تعديل المزاد
          </ButtonLink>
        )}
        {actions.canDelete && (
          <Button variant="danger" loading={deleting} onClick={() => setConfirming(true)}>
            حذف المزاد
          </Button>
        )}
        <Button variant="secondary" onClick={() => goTo(BID_HISTORY_ID)}>
          {/* One flex item: the button's gap would otherwise space the brackets apart. */}
          <span>
            عرض المزايدات (<bdi dir="ltr">{bidCount}</bdi>)
          </span>
        </Button>
      </div>
      {bidCount === 0 && <p className="muted owner-box__reason">لا توجد مزايدات بعد.</p>}
      {hasBids && <p className="muted owner-box__reason">{EDIT_DELETE_NOTICE}</p>}
      {bidCount > 0 && <p className="muted owner-box__reason">على مزادك {countOf(bidCount, NOUNS.bid)} حتى الآن.</p>}
      {reasons.map((reason) => (
        <p key={reason} className="muted owner-box__reason">
          {reason}
        </p>
      ))}
      {confirming && (
        <Suspense fallback={null}>
          <DeleteAuctionDialog
            open
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              onDelete();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
