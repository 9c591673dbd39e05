/**
 * The seller box: name,
 * location and rating; for the seller, edit and delete (as partyActions allows them) with the
 * notice that both become impossible once bids exist.
 */
import type { Auction, PartyActions, RatingStats } from '@mazad/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { RatingSummary } from '@/components/display';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

// Only a seller who asks to delete needs the dialog: the selling feature's chunk is not part of
// the auction page a visitor opens.
const DeleteAuctionDialog = lazy(() =>
  import('@/features/selling').then((selling) => ({ default: selling.DeleteAuctionDialog })),
);

export const EDIT_DELETE_NOTICE = 'لا يمكن تعديل المزاد أو حذفه بعد وجود مزايدات عليه.';

export interface SellerBoxProps {
  auction: Pick<Auction, '_id' | 'seller'>;
  isSeller: boolean;
  /** The seller's actions: partyActions of the auction for the viewer. */
  actions: Pick<PartyActions, 'canEdit' | 'editRefusal' | 'deleteRefusal'>;
  rating?: RatingStats | null;
  deleting?: boolean;
  onDelete: () => void;
}

export function SellerBox({ auction, isSeller, actions, rating, deleting = false, onDelete }: SellerBoxProps) {
  const titleId = useId();
  const deleteReasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const cannotDelete = actions.deleteRefusal?.message ?? null;
  const { seller } = auction;

  return (
    <section className="detail-box seller-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        البائع
      </h2>
      <p className="seller-box__name">
        {seller?._id ? (
          <Link to={paths.publicProfile.getHref(seller._id)}>{seller.name || 'مستخدم'}</Link>
        ) : (
          seller?.name || 'مستخدم'
        )}
      </p>
      <p className="seller-box__line">
        <span className="muted">الموقع: </span>
        {seller?.location || 'غير محدد'}
      </p>
      <p className="seller-box__line">
        <span className="muted">التقييم: </span>
        <RatingSummary
          average={rating?.averageRating ?? 0}
          count={rating?.validRatings ?? 0}
          emptyText="لا توجد تقييمات بعد"
        />
      </p>
      {isSeller && (
        <div className="seller-box__owner">
          <p className="notice notice--warning seller-box__notice">{EDIT_DELETE_NOTICE}</p>
          <div className="seller-box__actions">
            {actions.canEdit ? (
              <ButtonLink to={paths.editAuction.getHref(auction._id)} variant="secondary">
                تعديل المزاد
              </ButtonLink>
            ) : (
              <Button
                variant="secondary"
                disabled
                title={
                  actions.editRefusal?.code === 'AUCTION_HAS_BIDS' ? EDIT_DELETE_NOTICE : 'لا يمكن تعديل هذا المزاد'
                }
              >
                تعديل المزاد
              </Button>
            )}
            <Button
              variant="danger"
              disabled={cannotDelete !== null}
              aria-describedby={cannotDelete ? deleteReasonId : undefined}
              loading={deleting}
              onClick={() => setConfirming(true)}
            >
              حذف المزاد
            </Button>
          </div>
          {cannotDelete && (
            <p id={deleteReasonId} className="muted seller-box__reason">
              {cannotDelete}
            </p>
          )}
        </div>
      )}
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
