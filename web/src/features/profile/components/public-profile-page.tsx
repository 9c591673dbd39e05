/**
 * /profile/{id}: another member's public profile — name, location, member since, rating
 * summary, public statistics, ratings received and their current auctions, and, for a signed-in
 * visitor, «حظر» / «إلغاء الحظر» (R-BLOCK). Only public fields are read and shown: never an
 * email or a phone.
 */
import { isOpenStatus, type PublicUser } from '@mazad/contracts';
import { useParams } from 'react-router-dom';
import { AuctionSummaryCard, AuctionSummaryCards } from '@/components/display';
import { ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRatingStats } from '../api/rating-stats';
import { useRatings } from '../api/ratings';
import { useUser } from '../api/user';
import { useUserAuctions } from '../api/user-auctions';
import { useUserStats } from '../api/user-stats';
import { formatDay } from '../lib/format-day';
import { PUBLIC_PROFILE_LOAD_ERROR } from '../lib/messages';
import { Avatar } from './avatar';
import { BlockAction } from './block-action';
import { EmptyState } from './empty-state';
import { ProfileErrorScreen } from './profile-error-screen';
import { RatingsList } from './ratings-list';
import { StatTiles } from './stat-tiles';
import '../profile.css';

/** Only the public fields, whatever the server sent (an admin session would get more). */
function publicFields(user: PublicUser): PublicUser {
  return {
    _id: user._id,
    id: user.id,
    name: user.name,
    location: user.location,
    profileImage: user.profileImage,
    createdAt: user.createdAt,
  };
}

export function PublicProfilePage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const stats = useUserStats(id);
  const rating = useRatingStats(id);
  const ratings = useRatings(id);
  const auctions = useUserAuctions(id);

  if (user.isError) return <ProfileErrorScreen title={PUBLIC_PROFILE_LOAD_ERROR} />;
  // The page appears with its lists: a list arriving later would push the sections below it
  // down (a layout shift) and say "none" before it knows. A list that fails shows as empty.
  if (user.isPending || [stats, rating, ratings, auctions].some((query) => query.isPending)) {
    return <PageSpinner label="جارٍ تحميل الملف الشخصي…" />;
  }

  const member = publicFields(user.data);
  const current = (auctions.data ?? []).filter((a) => isOpenStatus(a.status));
  const average = rating.data?.averageRating ?? 0;
  const count = rating.data?.validRatings ?? 0;

  return (
    <section className="page profile-page" aria-labelledby="public-profile-title">
      <header className="profile-header card">
        <div className="profile-header__top">
          <ButtonLink to={paths.home.getHref()} variant="ghost" size="sm">
            → العودة إلى الرئيسية
          </ButtonLink>
          <BlockAction memberId={member.id} name={member.name} />
        </div>
        <div className="profile-header__who">
          <Avatar name={member.name} src={member.profileImage} size={72} />
          <div>
            <h1 id="public-profile-title">{member.name}</h1>
            <p className="muted profile-header__meta">
              <span>الموقع: {member.location || 'غير محدد'}</span>
              <span>عضو منذ: {formatDay(member.createdAt)}</span>
            </p>
            <p className="profile-header__rating" data-testid="rating-summary">
              {count > 0 ? (
                <>
                  <span className="profile-stars__on" aria-hidden="true">
                    ★
                  </span>{' '}
                  التقييم <bdi dir="ltr">{average.toFixed(1)}</bdi> من 5 (<bdi dir="ltr">{count}</bdi> تقييم)
                </>
              ) : (
                <span className="muted">لا توجد تقييمات بعد</span>
              )}
            </p>
          </div>
        </div>
        <StatTiles
          label="إحصائيات العضو"
          tiles={[
            { label: 'إجمالي المزادات', value: stats.data?.totalAuctions, tone: 'primary' },
            { label: 'المزادات النشطة', value: stats.data?.activeAuctions, tone: 'success' },
            { label: 'المزادات المباعة', value: stats.data?.soldAuctions, tone: 'info' },
            { label: 'عدد التقييمات', value: count, tone: 'warning' },
          ]}
        />
      </header>

      <section className="profile-stack" aria-labelledby="public-auctions-title">
        <h2 id="public-auctions-title" className="profile-subtitle">
          المزادات الحالية
        </h2>
        {current.length ? (
          <AuctionSummaryCards>
            {current.map((auction) => (
              <AuctionSummaryCard
                key={auction._id}
                auction={auction}
                priceLabel="السعر الحالي"
                price={auction.currentPrice}
                endLabel="ينتهي"
              />
            ))}
          </AuctionSummaryCards>
        ) : (
          <EmptyState>لا توجد مزادات حالية لهذا العضو.</EmptyState>
        )}
      </section>

      <section className="profile-stack" aria-labelledby="public-ratings-title">
        <h2 id="public-ratings-title" className="profile-subtitle">
          التقييمات المستلمة
        </h2>
        <RatingsList ratings={ratings.data ?? []} emptyText="لا توجد تقييمات بعد." />
      </section>
    </section>
  );
}
