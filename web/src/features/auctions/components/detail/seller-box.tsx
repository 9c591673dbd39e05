/**
 * The seller box: name (to their public profile), location and rating. The seller's own manage
 * actions are in OwnerBox, where a bidder has the bid box.
 */
import type { Auction, RatingStats } from '@mazad/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { RatingSummary } from '@/components/display';
import { paths } from '@/config/paths';

export interface SellerBoxProps {
  auction: Pick<Auction, '_id' | 'seller'>;
  rating?: RatingStats | null;
}

export function SellerBox({ auction, rating }: SellerBoxProps) {
  const titleId = useId();
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
    </section>
  );
}
