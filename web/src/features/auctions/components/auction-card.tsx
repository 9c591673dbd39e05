/**
 * An auction in the home and all-auctions lists: image, badges, the watch toggle («متابعة»),
 * where the member stands (leading or outbid), countdown with its 24 h progress bar, prices,
 * the last bid, the winner, the seller, and the actions (details, bid, buy now, the post-sale
 * chat). On a phone it is a compact row of the list (auctions.css): photo, title, price, time
 * left, standing and the toggle, the whole row a link to the auction. The card watches its
 * auction's room, so prices and status change live. The card is memoized and does not read the
 * ticking clock: only its countdown (and an ended card's post-sale lines) re-render each second.
 */
import { categoryLabel, offerState, type Auction } from '@mazad/contracts';
import { lazy, memo, Suspense, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import {
  AuctionDetailsLink,
  AuctionImage,
  AuctionTitleLink,
  Money,
  statusLabel,
  statusTone,
} from '@/components/display';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { countOf, formatMoney, NOUNS } from '@/lib/format';
import { abbreviateName } from '@/lib/names';
import { useAuctionEnd, useAuctionRoom, useBuyNowMutation } from '../api';
import { formatRemaining } from '../lib/countdown';
import { serverNow } from '@/lib/server-time';
import { BUY_NOW_SUCCESS } from '../lib/messages';
import { useStanding } from '../hooks/use-standing';
import { STANDING_TEXT } from '../lib/standing';
import { canSeeChatButton, isSold, msUntilRemovedFromHome } from '../lib/visibility';
import { useServerNow } from '../hooks/use-server-now';
import { LiveCountdown } from './countdown';
import { SellerRating } from './rating';
import '../auctions.css';
import { ChatIcon, PinIcon, TrophyIcon } from './icons';
import { WatchToggle } from './watch-toggle';

export { FIRST_SCREEN_CARDS } from '../lib/first-screen';

// The bid form (and the form libraries with it) loads when a member opens it, not with the grid.
const BidModal = lazy(() => import('./bid-modal').then((module) => ({ default: module.BidModal })));

export interface AuctionCardProps {
  auction: Auction;
  /** Highlighted as "new" (pushed by the new-auction event). */
  isNew?: boolean;
  /** Home shows how long a sold auction stays on the page (R-LISTING). */
  showRemovalCountdown?: boolean;
  /** Watch the auction's room for live updates (default true). */
  live?: boolean;
  /** One of the first cards on screen: its image loads eagerly with high priority. */
  priority?: boolean;
  /** Whether the signed-in member watches it (the list's `useWatching`); undefined while unknown. */
  watched?: boolean;
}

export const AuctionCard = memo(function AuctionCard({
  auction,
  isNew,
  showRemovalCountdown,
  live = true,
  priority,
  watched,
}: AuctionCardProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const [bidOpen, setBidOpen] = useState(false);
  const [confirmBuy, setConfirmBuy] = useState(false);
  const buy = useBuyNowMutation(auction._id);
  useAuctionRoom(live ? auction._id : null);

  const userId = user?._id ?? null;
  // The card does not tick: it renders again when its end is reached (useAuctionEnd), and the
  // clock read then agrees with it (the end itself once reached, the server's time before).
  const ended = useAuctionEnd(auction);
  const offer = offerState(auction, user, ended ? auction.endTime : serverNow());
  const isSeller = offer.role === 'seller';
  const isWinner = offer.role === 'winner';
  const accepting = offer.open;
  const sold = isSold(auction.status);
  const validBids = (auction.bids ?? []).filter((b) => !b.isCancelled);
  const lastBid = validBids[validBids.length - 1];
  // Said while the auction takes bids; after it, the card says who won.
  const standing = useStanding(auction);

  const onBuyNowClick = () => {
    const refusal = offer.buyNowRefusal;
    if (refusal) {
      toast.error(refusal.message);
      if (refusal.code === 'SIGN_IN_TO_BUY') navigate(paths.login.getHref());
      return;
    }
    setConfirmBuy(true);
  };

  const onConfirmBuy = () => {
    setConfirmBuy(false);
    buy.mutate(
      { expectedPrice: auction.buyNowPrice ?? undefined },
      { onSuccess: (result) => toast.success(result?.message || BUY_NOW_SUCCESS) },
    );
  };

  return (
    <article className={`auction-card card${isNew ? ' auction-card--new' : ''}`} aria-labelledby={titleId}>
      <div className="auction-card__media">
        <AuctionImage auction={auction} alt={auction.title} className="auction-card__image" priority={priority} />
        <ul className="auction-card__badges" aria-label="حالة المزاد">
          {isNew && <li className="pill pill--new">جديد</li>}
          <li className={`pill pill--${statusTone(auction.status)}`}>{statusLabel(auction.status)}</li>
          <li className="pill pill--category">{categoryLabel(auction.category)}</li>
          {offer.buyNowOffered && <li className="pill pill--buy-now">شراء فوري</li>}
          {isWinner && sold && <li className="pill pill--success">فزت بهذا المزاد</li>}
        </ul>
      </div>

      {!isSeller && (
        <WatchToggle auctionId={auction._id} title={auction.title} signedIn={Boolean(user)} watched={watched} />
      )}

      <div className="auction-card__body">
        <h3 id={titleId} className="auction-card__title">
          <AuctionTitleLink auction={auction} className="auction-card__link" />
        </h3>

        {accepting && standing && (
          <p className={`auction-card__standing auction-card__standing--${standing}`} data-testid="card-standing">
            {STANDING_TEXT[standing]}
          </p>
        )}

        {accepting ? (
          <LiveCountdown endTime={auction.endTime} showProgress />
        ) : (
          <p className="countdown__text countdown--ended">انتهى المزاد</p>
        )}

        <dl className="auction-card__prices">
          <div className="auction-card__starting-price">
            <dt>السعر الابتدائي</dt>
            <dd>
              <Money amount={auction.startingPrice} dir="ltr" className="price" />
            </dd>
          </div>
          <div className="auction-card__current-price">
            <dt>{sold ? 'السعر النهائي' : 'السعر الحالي'}</dt>
            <dd>
              <Money amount={auction.currentPrice} dir="ltr" className="price price--current" />
            </dd>
          </div>
        </dl>

        <p className="auction-card__last-bid">
          {lastBid ? (
            <>
              آخر مزايدة: <span className="auction-card__bidder">{abbreviateName(lastBid.bidder?.name)}</span> —{' '}
              <Money amount={lastBid.amount} dir="ltr" />
              <span className="muted"> ({countOf(auction.bidCount ?? 0, NOUNS.bid)})</span>
            </>
          ) : (
            <span className="muted">{accepting ? 'لا توجد مزايدات بعد' : 'لم تُسجَّل مزايدات'}</span>
          )}
        </p>

        {sold && auction.winner && (
          <div className="auction-card__winner">
            <TrophyIcon /> الفائز: <strong>{abbreviateName(auction.winner.name)}</strong>
          </div>
        )}

        <p className="auction-card__seller">
          <span>
            البائع: <strong>{auction.seller?.name || 'مستخدم'}</strong>
          </span>
          <SellerRating sellerId={auction.seller?._id} />
          {auction.seller?.location && (
            <span className="muted auction-card__location">
              <PinIcon />
              {auction.seller.location}
            </span>
          )}
        </p>

        {!accepting && (
          <PostSaleNotice
            auction={auction}
            signedIn={Boolean(user)}
            isSeller={isSeller}
            isWinner={isWinner}
            showRemovalCountdown={showRemovalCountdown}
          />
        )}

        <div className="auction-card__actions">
          <AuctionDetailsLink auction={auction} />
          {accepting && (
            <Button
              size="sm"
              onClick={() => setBidOpen(true)}
              aria-label={`زايد الآن: ${auction.title}`}
              aria-haspopup="dialog"
            >
              زايد الآن
            </Button>
          )}
          {offer.buyNowOffered && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onBuyNowClick}
              loading={buy.isPending}
              aria-label={`شراء فوري: ${auction.title}`}
            >
              شراء فوري
            </Button>
          )}
          {sold && userId && <ChatLink auction={auction} userId={userId} isSeller={isSeller} />}
        </div>
      </div>

      {bidOpen && (
        <Suspense fallback={null}>
          <BidModal auction={auction} open={bidOpen} onClose={() => setBidOpen(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmBuy}
        title="تأكيد الشراء الفوري"
        message={`هل تريد شراء «${auction.title}» بسعر ${formatMoney(offer.buyNowPrice)}؟ سيُنهى المزاد وتُلغى جميع المزايدات.`}
        confirmLabel="نعم، اشترِ الآن"
        cancelLabel="إلغاء"
        onConfirm={onConfirmBuy}
        onCancel={() => setConfirmBuy(false)}
      />
    </article>
  );
});

/** The post-sale chat button, while the chat window is open (it reads the clock, the card does not). */
function ChatLink({ auction, userId, isSeller }: { auction: Auction; userId: string; isSeller: boolean }) {
  const now = useServerNow();
  if (!canSeeChatButton(auction, userId, now)) return null;
  const label = isSeller ? 'راسل الفائز' : 'راسل البائع';
  return (
    <ButtonLink
      to={paths.messages.getHref(auction._id)}
      size="sm"
      variant="ghost"
      aria-label={`${label}: ${auction.title}`}
    >
      <ChatIcon /> {label}
    </ButtonLink>
  );
}

interface PostSaleNoticeProps {
  auction: Auction;
  signedIn: boolean;
  isSeller: boolean;
  isWinner: boolean;
  showRemovalCountdown?: boolean;
}

/** After the end: who won, the deal's state, and (home) when the card leaves the page. */
function PostSaleNotice({ auction, signedIn, isSeller, isWinner, showRemovalCountdown }: PostSaleNoticeProps) {
  const now = useServerNow();
  if (!isSold(auction.status)) {
    return <p className="notice notice--warning auction-card__notice">انتهى المزاد دون بيع.</p>;
  }
  const leavesIn = msUntilRemovedFromHome(auction, now);
  let text: ReactNode;
  if (isWinner) text = 'مبروك! لقد فزت بهذا المزاد.';
  else if (isSeller) text = 'تم بيع مزادك بنجاح.';
  else if (signedIn) text = 'تم بيع هذا المنتج.';
  else
    text = (
      <>
        تم بيع هذا المنتج. <Link to={paths.register.getHref()}>انضم إلينا</Link> وشارك في المزادات القادمة.
      </>
    );
  return (
    <div className={`notice ${isWinner || isSeller ? 'notice--success' : 'notice--info'} auction-card__notice`}>
      <p className="auction-card__notice-line">{text}</p>
      <p className="auction-card__notice-line">
        حالة الصفقة: <strong>{auction.isDealConfirmed ? 'تم التأكيد' : 'بانتظار التأكيد'}</strong>
      </p>
      {showRemovalCountdown && leavesIn > 0 && (
        <p className="auction-card__notice-line muted">
          سيختفي من الصفحة الرئيسية بعد <bdi dir="ltr">{formatRemaining(leavesIn)}</bdi>
        </p>
      )}
    </div>
  );
}
