import type { Rating } from '@mazad/contracts';
import { Stars } from '@/components/display';
import { formatDateTime } from '@/lib/format';
import { GENERIC_USER, NO_COMMENT } from '../lib/messages';
import { Avatar } from './avatar';
import { EmptyState } from './empty-state';

/** Ratings received: rater avatar and name, stars, comment or the no-comment label, auction, date. */
export function RatingsList({ ratings, emptyText }: { ratings: Rating[]; emptyText: string }) {
  if (ratings.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ul className="profile-ratings">
      {ratings.map((rating) => (
        <li key={rating._id} className="profile-rating card">
          <div className="profile-rating__head">
            <Avatar name={rating.from?.name} src={rating.from?.avatar} size={40} />
            <div className="profile-rating__who">
              <strong>{rating.from?.name || GENERIC_USER}</strong>
              <Stars value={rating.stars} />
            </div>
          </div>
          <p className={`profile-rating__comment ${rating.comment?.trim() ? '' : 'muted'}`}>
            {rating.comment?.trim() || NO_COMMENT}
          </p>
          <p className="profile-rating__meta muted">
            <span>
              المزاد: <bdi>{rating.auction?.title || '—'}</bdi>
            </span>
            <span>{formatDateTime(rating.createdAt)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
