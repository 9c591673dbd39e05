/**
 * /auction/{id}. Server state comes from '../api' only:
 * the read, bids and buy-now with idempotency keys, the delete, and the live room (joined on
 * load, left on exit) whose events replace the cached auction. The anti-sniping note states
 * the server's configured extension (`GET /api/settings`).
 *
 * What each viewer gets where a bidder has the bid box: a bidder the bid, buy-now and maximum
 * boxes (each typed amount looked at twice when far off: R-BID-REVIEW); the seller their manage
 * actions (OwnerBox); the two parties of a sale what happens next (AfterSaleCard); anyone else
 * on a closed auction why it is gone and what else is open (GoneNotice). Under the price, where
 * the member stands, live (StandingLine). On a phone a sticky bar keeps the price, the time left
 * and the actions in reach; the watch and share buttons sit on the photo.
 */
import { offerState, partyActions, type Auction, type MaxBid } from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { auctionImages, Money, StatusBadge } from '@/components/display';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatDuration, formatMoney } from '@/lib/format';
import { GENERIC_USER } from '@/lib/names';
import { useSettings } from '@/lib/settings';
import {
  auctionKeys,
  useAuction,
  useAuctionEnd,
  useAuctionRoom,
  useBidMutation,
  useBuyNowMutation,
  useDeleteAuction,
  useOwnMaxBid,
  useSellerRating,
  useSetMaxBid,
  useWatchMutation,
  useWithdrawMaxBid,
} from '../api';
import { BidHistory } from '../components/detail/bid-history';
import type { BidError } from '../components/detail/bid-box';
import { BID_BOX_ID, BID_HISTORY_ID, goTo, OWNER_BOX_ID } from '../components/detail/bid-box-anchor';
import { BUY_NOW_CONFIRM_TITLE, BuyNowBox, buyNowConfirmMessage } from '../components/detail/buy-now-box';
import { RetractBidAction } from '../components/detail/retract-bid-action';
import { DetailCountdown } from '../components/detail/detail-countdown';
import { DetailsGrid } from '../components/detail/details-grid';
import { AuctionGone, GoneNotice } from '../components/detail/gone';
import type { MaxBidError } from '../components/detail/max-bid-box';
import { Gallery } from '../components/detail/gallery';
import { OwnerBox } from '../components/detail/owner-box';
import { RoleNotices } from '../components/detail/role-notices';
import { SellerBox } from '../components/detail/seller-box';
import { ShareButton } from '../components/detail/share-button';
import { StandingLine } from '../components/detail/standing-line';
import { StickyBidBar } from '../components/detail/sticky-bid-bar';
import { WatchButton } from '../components/detail/watch-button';
import { useServerNow } from '../hooks/use-server-now';
import { AUCTION_ENDED, BID_SUCCESS, BUY_NOW_SUCCESS } from '../lib/messages';
import { STANDING_TEXT, standingOf } from '../lib/standing';
import { isSold } from '../lib/visibility';
import '../components/detail/auction-detail.css';

// The bid forms come in their own chunk with react-hook-form: the auction page is one of the first
// pages, and what they share loads with the home page (build/first-pages-chunk.ts).
const BidBox = lazy(() => import('../components/detail/bid-box').then((module) => ({ default: module.BidBox })));
const MaxBidBox = lazy(() =>
  import('../components/detail/max-bid-box').then((module) => ({ default: module.MaxBidBox })),
);
// Only the two parties of a sale see it (with the messages feature's deal confirmation).
const AfterSaleCard = lazy(() =>
  import('../components/detail/after-sale-card').then((module) => ({ default: module.AfterSaleCard })),
);

export const OFFLINE_MESSAGE = 'أنت غير متصل بالإنترنت، فتعذّر تحميل المزاد. سنعيد المحاولة حين يعود الاتصال.';
export const LOAD_FAILED_MESSAGE = 'تعذّر تحميل المزاد الآن.';

/**
 * The server refused a manual bid at or above the buy-now price (R-BID-REVIEW: the client
 * offers the purchase before sending, this is the server's word for a client that did not).
 */
const BID_AT_BUY_NOW = 'BID_AT_BUY_NOW';

/** The anti-sniping note, e.g. 90 → "يتم تمديد المزاد تلقائياً 90 ثانية بعد كل مزايدة جديدة، …". */
export const extensionNote = (seconds: number) =>
  `يتم تمديد المزاد تلقائياً ${formatDuration(seconds)} بعد كل مزايدة جديدة، ليحصل الجميع على فرصة عادلة.`;

export const newBidMessage = (amount: number) => `مزايدة جديدة: ${formatMoney(amount)}`;
export const outbidMessage = (amount: number) => `${STANDING_TEXT.outbid}: السعر الآن ${formatMoney(amount)}`;
export const boughtMessage = (buyerName: string | null | undefined) =>
  `تم شراء المزاد بواسطة ${buyerName?.trim() || GENERIC_USER}`;

export function AuctionDetailPage() {
  // The server answers and broadcasts every id in lower case: the cache entry and the live room
  // must use that spelling, whatever the address typed (events name `_id`, compared as is).
  const id = (useParams().id ?? '').toLowerCase();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [deleted, setDeleted] = useState(false);
  const query = useAuction(id, { enabled: !deleted });
  const auction = query.data;
  const error = query.isError && !deleted && query.error instanceof ApiError ? query.error : null;
  // The server no longer has it (or an operator removed it): say so, whatever was shown before.
  const gone = error?.status === 404;

  useAuctionRoom(deleted || gone ? null : id, {
    onNewBid: (event) => {
      const amount = event.bid?.amount ?? event.auction.currentPrice;
      // The member's own bid (or their maximum's answer) is said by the standing line; a bid that
      // overtook them says so; anyone else hears of a new bid.
      if (user && event.bid?.bidder?._id === user._id) return;
      const copy = queryClient.getQueryData<Auction>(auctionKeys.detail(id));
      const own = queryClient.getQueryData<{ maxBid: MaxBid | null }>(auctionKeys.ownMaxBid(id));
      const outbid = copy && standingOf(copy, user?._id, Boolean(own?.maxBid)) === 'outbid';
      if (outbid) toast.error(outbidMessage(amount));
      else toast(newBidMessage(amount));
    },
    onEnded: () => toast(AUCTION_ENDED),
    onBought: (event) => toast(boughtMessage(event.buyer?.name ?? event.auction.winner?.name)),
    onError: (socketError) => toast.error(socketError?.message || 'حدث خطأ في الاتصال المباشر'),
  });

  useEffect(() => {
    if (!auction?.title) return;
    const previous = document.title;
    document.title = `${auction.title} | مزاد`;
    return () => {
      document.title = previous;
    };
  }, [auction?.title]);

  if (gone) {
    const details = error.body?.gone;
    return <AuctionGone reason={details?.reason ?? 'missing'} category={details?.category ?? auction?.category} />;
  }
  if (!auction) {
    if (!query.isError) return <PageSpinner label="جارٍ تحميل تفاصيل المزاد…" />;
    // Offline or a failure: keep the address, say what happened, offer to try again.
    const offline = error?.status === 0 || (typeof navigator !== 'undefined' && navigator.onLine === false);
    return (
      <section className="page auction-detail-failed" role="alert" data-testid="auction-load-failed">
        <p>{offline ? OFFLINE_MESSAGE : LOAD_FAILED_MESSAGE}</p>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          إعادة المحاولة
        </Button>
      </section>
    );
  }
  return <AuctionDetail key={auction._id} auction={auction} onDeleted={() => setDeleted(true)} />;
}

function AuctionDetail({ auction, onDeleted }: { auction: Auction; onDeleted: () => void }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const userId = user?._id ?? null;
  const now = useServerNow(1000);
  const rating = useSellerRating(auction.seller?._id);
  const bid = useBidMutation(auction._id);
  const buy = useBuyNowMutation(auction._id);
  const remove = useDeleteAuction(auction._id);
  const watch = useWatchMutation(auction._id);
  const settings = useSettings();
  const [bidError, setBidError] = useState<BidError | null>(null);
  const [buyError, setBuyError] = useState<string | null>(null);
  const [maxBidError, setMaxBidError] = useState<MaxBidError | null>(null);
  const [confirmingBuy, setConfirmingBuy] = useState(false);

  // Re-reads the auction when its end comes (a bid this page missed may have moved the end).
  useAuctionEnd(auction);
  const offer = offerState(auction, user, now);
  const { role } = offer;
  const actions = partyActions(auction, user, now);
  // The member's own maximum (R-MAX-BID): read only by a member who may bid here.
  const ownMaxBid = useOwnMaxBid(auction._id, offer.canBid);
  const own = ownMaxBid.data?.maxBid ?? null;
  const standing = standingOf(auction, userId, own !== null);
  const setMaxBid = useSetMaxBid(auction._id);
  const withdrawMaxBid = useWithdrawMaxBid(auction._id);
  const goToLogin = useCallback(() => navigate(paths.login.getHref()), [navigate]);
  const bidder = offer.open && role !== 'seller';
  const party = isSold(auction.status) && userId !== null && (role === 'seller' || role === 'winner');

  const onBid = (amount: number) => {
    setBidError(null);
    bid.mutate(
      { amount },
      {
        onSuccess: () => toast.success(BID_SUCCESS),
        // The server's message was already toasted (useKeyedAction); it also stays under the form.
        onError: (failure) => setBidError({ message: failure.message, offerBuyNow: failure.code === BID_AT_BUY_NOW }),
      },
    );
  };

  const onBuy = () => {
    setBuyError(null);
    buy.mutate(
      { expectedPrice: auction.buyNowPrice ?? undefined },
      {
        onSuccess: () => toast.success(BUY_NOW_SUCCESS),
        onError: (failure) => setBuyError(failure.message),
      },
    );
  };

  /** Every buy-now button asks here: the refusal said, or the one confirmation naming item and price. */
  const askToBuy = () => {
    const refusal = offer.buyNowRefusal;
    if (refusal) {
      toast.error(refusal.message);
      if (refusal.code === 'SIGN_IN_TO_BUY') goToLogin();
      return;
    }
    setConfirmingBuy(true);
  };

  const maxBidCallbacks = {
    onSuccess: (result: { message: string }) => toast.success(result.message),
    onError: (failure: ApiError) =>
      setMaxBidError({ message: failure.message, offerBuyNow: failure.code === 'MAX_BID_AT_BUY_NOW' }),
  };
  const onSetMaxBid = (amount: number) => {
    setMaxBidError(null);
    setMaxBid.mutate({ amount }, maxBidCallbacks);
  };
  const onWithdrawMaxBid = () => {
    setMaxBidError(null);
    withdrawMaxBid.mutate(undefined, maxBidCallbacks);
  };

  const onDelete = () => {
    remove.mutate(undefined, {
      onSuccess: (result) => {
        onDeleted();
        toast.success(result?.message || 'تم حذف المزاد بنجاح');
        navigate(paths.home.getHref(), { replace: true });
      },
    });
  };

  const images = auctionImages(auction);
  const buyNowOffered = offer.buyNowOffered && offer.buyNowPrice !== null;

  return (
    <article
      className={`page auction-detail ${offer.open ? 'auction-detail--open' : ''}`}
      aria-labelledby="auction-title"
    >
      <nav className="auction-detail__back" aria-label="التنقل">
        <Link to={paths.home.getHref()}>
          <span aria-hidden="true">→ </span>العودة إلى الصفحة الرئيسية
        </Link>
      </nav>

      <header className="auction-detail__header">
        <StatusBadge status={auction.status} className="status-badge" />
        <h1 id="auction-title" className="auction-detail__title">
          {auction.title}
        </h1>
      </header>

      <div className="auction-detail__layout">
        <div className="auction-detail__gallery">
          <Gallery
            images={images}
            title={auction.title}
            actions={
              <>
                <WatchButton
                  className="gallery__action"
                  watched={Boolean(user && auction.watchedByMe)}
                  watchCount={auction.watchCount ?? 0}
                  signedIn={Boolean(user)}
                  busy={watch.isPending}
                  onToggle={(watched) => watch.mutate(watched)}
                  onLoginRequired={goToLogin}
                />
                <ShareButton className="gallery__action" auctionId={auction._id} title={auction.title} />
              </>
            }
          />
        </div>

        <div className="auction-detail__side">
          <section className="detail-box prices" aria-label="الأسعار">
            <dl className="prices__list">
              <div className="prices__item prices__item--current">
                <dt>السعر الحالي</dt>
                <dd>
                  <Money
                    amount={auction.currentPrice}
                    className="detail-price detail-price--current"
                    data-testid="current-price"
                  />
                </dd>
              </div>
              {userId && (standing !== null || own !== null) && (
                <div className="prices__item prices__item--standing">
                  <dt className="visually-hidden">موقعك في المزاد</dt>
                  <dd>
                    <StandingLine
                      standing={standing}
                      nextBid={offer.suggestedBid}
                      own={own}
                      onBid={() => goTo(BID_BOX_ID)}
                    />
                  </dd>
                </div>
              )}
              <div className="prices__item">
                <dt>السعر الابتدائي</dt>
                <dd>
                  <Money amount={auction.startingPrice} className="detail-price" />
                </dd>
              </div>
              {offer.buyNowPrice !== null && (
                <div className="prices__item">
                  <dt>سعر الشراء الفوري</dt>
                  <dd>
                    <Money amount={offer.buyNowPrice} className="detail-price detail-price--buy-now" />
                  </dd>
                </div>
              )}
            </dl>
            <DetailCountdown endTime={auction.endTime} now={now} open={offer.open} />
          </section>

          {role === 'seller' && !party && (
            <OwnerBox
              auctionId={auction._id}
              bidCount={auction.bidCount ?? auction.bids?.length ?? 0}
              actions={actions}
              deleting={remove.isPending}
              onDelete={onDelete}
            />
          )}

          {bidder && (
            <Suspense fallback={<section className="detail-box bid-box" aria-busy="true" />}>
              <BidBox
                currentPrice={auction.currentPrice}
                offer={offer}
                busy={bid.isPending}
                retrying={bid.retrying}
                error={bidError}
                onBid={onBid}
                onBuyNow={askToBuy}
                onLoginRequired={goToLogin}
              />
            </Suspense>
          )}

          {bidder && offer.buyNowPrice !== null && (
            <BuyNowBox
              buyNowPrice={offer.buyNowPrice}
              offer={offer}
              busy={buy.isPending}
              retrying={buy.retrying}
              error={buyError}
              onAsk={askToBuy}
            />
          )}

          {bidder && offer.canBid && (
            <Suspense fallback={null}>
              {/* A new maximum of the member's empties the field (the box starts again). */}
              <MaxBidBox
                key={own?.amount ?? 'none'}
                currentPrice={auction.currentPrice}
                offer={offer}
                hasOwn={own !== null}
                busy={setMaxBid.isPending || withdrawMaxBid.isPending}
                retrying={setMaxBid.retrying || withdrawMaxBid.retrying}
                error={maxBidError}
                onSet={onSetMaxBid}
                onWithdraw={onWithdrawMaxBid}
                onBuyNow={askToBuy}
              />
            </Suspense>
          )}
          {bidder && settings.data && (
            <p className="auction-detail__note">{extensionNote(settings.data.bidExtensionSeconds)}</p>
          )}

          {party && userId && (
            <Suspense fallback={<section className="detail-box" aria-busy="true" />}>
              <AfterSaleCard auction={auction} role={role as 'seller' | 'winner'} userId={userId} />
            </Suspense>
          )}

          <RoleNotices auction={auction} role={role} />

          {!offer.open && !party && role !== 'seller' && <GoneNotice auction={auction} />}

          <SellerBox auction={auction} rating={rating.data} />
        </div>

        <div className="auction-detail__info">
          <section className="detail-box" aria-labelledby="auction-description-title">
            <h2 id="auction-description-title" className="detail-box__title">
              وصف المنتج
            </h2>
            <p className="auction-detail__description">{auction.description}</p>
          </section>
          <DetailsGrid auction={auction} />
          <div id={BID_HISTORY_ID}>
            <BidHistory
              bids={auction.bids ?? []}
              bidCount={auction.bidCount ?? auction.bids?.length ?? 0}
              rowAction={(bidId) => <RetractBidAction auction={auction} bidId={bidId} />}
            />
          </div>
        </div>
      </div>

      <footer className="auction-detail__footer">
        <p className="auction-detail__dates muted">
          <span>
            تاريخ الإنشاء: <time dateTime={auction.createdAt}>{formatDateTime(auction.createdAt)}</time>
          </span>
          <span>
            آخر تحديث: <time dateTime={auction.updatedAt}>{formatDateTime(auction.updatedAt)}</time>
          </span>
        </p>
      </footer>

      {offer.open && (
        <StickyBidBar
          currentPrice={auction.currentPrice}
          endTime={auction.endTime}
          isSeller={role === 'seller'}
          buyNowPrice={buyNowOffered ? offer.buyNowPrice : null}
          onBid={() => goTo(BID_BOX_ID)}
          onBuyNow={askToBuy}
          onManage={() => goTo(OWNER_BOX_ID)}
        />
      )}

      {offer.buyNowPrice !== null && (
        <ConfirmDialog
          open={confirmingBuy}
          title={BUY_NOW_CONFIRM_TITLE}
          message={buyNowConfirmMessage(auction.title, offer.buyNowPrice)}
          confirmLabel="تأكيد الشراء"
          cancelLabel="إلغاء"
          onCancel={() => setConfirmingBuy(false)}
          onConfirm={() => {
            setConfirmingBuy(false);
            onBuy();
          }}
        />
      )}
    </article>
  );
}
