/** Ratings: the winner rates the seller; a member's received ratings and their stats. */

export interface RatingStats {
  averageRating: number;
  validRatings: number;
}

/** GET /api/users/{id}/rating-stats. */
export interface RatingStatsResult extends RatingStats {
  success: true;
}

/** The rated side: the winner rates the seller (`seller`). */
export type RatingRole = 'seller' | 'buyer';

/** POST /api/users/{sellerId}/rate. `role` is the rated side and defaults to `seller`. */
export interface RateSellerRequest {
  auctionId: string;
  role?: 'seller';
  stars: number;
  comment?: string;
}

export interface Rating {
  _id: string;
  id: string;
  from: { _id: string; id: string; name: string; avatar: string | null };
  to: { _id: string; id: string };
  stars: number;
  comment: string | null;
  role: RatingRole;
  auction: { _id: string; id: string; title: string };
  createdAt: string;
}

/** Answer of POST /api/users/{sellerId}/rate (201). */
export interface RateSellerResult {
  success: true;
  message: string;
  rating: Rating;
}

/** GET /api/users/{id}/ratings: ratings the member received, newest first. */
export interface RatingsResult {
  success: true;
  ratings: Rating[];
}
