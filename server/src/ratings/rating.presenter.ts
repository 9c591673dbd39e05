import type { Rating, RatingRole } from '@mazad/contracts';
import type { DataSource } from 'typeorm';

/** Name shown when the rater's account no longer exists. */
const UNKNOWN_USER = 'مستخدم';

interface RatingRow {
  id: string;
  auction_id: string;
  auction_title: string | null;
  rater_id: string;
  rater_name: string | null;
  rater_image: string | null;
  rated_user_id: string;
  role: RatingRole;
  stars: number;
  comment: string | null;
  created_at: Date;
}

export function toRating(r: RatingRow): Rating {
  return {
    _id: r.id,
    id: r.id,
    from: { _id: r.rater_id, id: r.rater_id, name: r.rater_name ?? UNKNOWN_USER, avatar: r.rater_image },
    to: { _id: r.rated_user_id, id: r.rated_user_id },
    stars: r.stars,
    comment: r.comment,
    role: r.role,
    auction: { _id: r.auction_id, id: r.auction_id, title: r.auction_title ?? '' },
    createdAt: r.created_at.toISOString(),
  };
}

/** Ratings with rater name/avatar and auction title, newest first, filtered by one column. */
export async function selectRatings(db: DataSource, by: 'id' | 'rated_user_id', value: string): Promise<Rating[]> {
  const rows: RatingRow[] = await db.query(
    `SELECT r.id, r.auction_id, a.title AS auction_title, r.rater_id, u.name AS rater_name, u.profile_image AS rater_image,
            r.rated_user_id, r.role, r.stars, r.comment, r.created_at
       FROM ratings r
       LEFT JOIN users u ON u.id = r.rater_id
       LEFT JOIN auctions a ON a.id = r.auction_id
      WHERE r.${by} = $1
      ORDER BY r.created_at DESC, r.id DESC`,
    [value],
  );
  return rows.map(toRating);
}
