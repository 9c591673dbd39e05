/**
 * /auction/{id}. Server state comes from '../api' only:
 * the read, bids and buy-now with idempotency keys, the delete, and the live room (joined on
 * load, left on exit) whose events replace the cached auction. The anti-sniping note states
 * the server's configured extension (`GET /api/settings`).
 */
import { offerState, partyActions, type Auction } from '@mazad/contracts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { auctionImages, Money, StatusBadge } from '@/components/display';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatDuration, formatMoney } from '@/lib/format';
import { GENERIC_USER } from '@/lib/names';
import { useSettings } from '@/lib/settings';
import {
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
import { BuyNowBox } from '../components/detail/buy-now-box';
import { RetractBidAction } from '../components/detail/retract-bid-action';
import { DetailCountdown } from '../components/detail/detail-countdown';
import { DetailsGrid } from '../components/detail/details-grid';
import type { MaxBidError } from '../components/detail/max-bid-box';
import { Gallery } from '../components/detail/gallery';
import { RoleNotices } from '../components/detail/role-notices';
import { SaveButton } from '../components/detail/save-button';
import { SellerBox } from '../components/detail/seller-box';
import { ShareButton } from '../components/detail/share-button';
import { useServerNow } from '../hooks/use-server-now';
import { AUCTION_ENDED, BID_SUCCESS, BUY_NOW_SUCCESS } from '../lib/messages';
import { isOpen } from '../lib/visibility';
import '../components/detail/auction-detail.css';

// The bid form comes in its own chunk with react-hook-form: the auction page is one of the first
// pages, and what they share loads with the home page (build/first-pages-chunk.ts).
const BidBox = lazy(() => import('../components/detail/bid-box').then((module) => ({ default: module.BidBox })));
const MaxBidBox = lazy(() =>
  import('../components/detail/max-bid-box').then((module) => ({ default: module.MaxBidBox })),
);

export const LOAD_ERROR_MESSAGE = 'المزاد غير موجود أو حدث خطأ في تحميل التفاصيل';

/** The anti-sniping note, e.g. 90 → "يتم تمديد المزاد تلقائياً 90 ثانية بعد كل مزايدة جديدة، …". */
export const extensionNote = (seconds: number) =>
  `يتم تمديد المزاد تلقائياً ${formatDuration(seconds)} بعد كل مزايدة جديدة، ليحصل الجميع على فرصة عادلة.`;

export const newBidMessage = (amount: number) => `مزايدة جديدة: ${formatMoney(amount)}`;
export const boughtMessage = (buyerName: string | null | undefined) =>
  `تم شراء المزاد بواسطة ${buyerName?.trim() || GENERIC_USER}`;

export function AuctionDetailPage() {
  // The server answers and broadcasts every id in lower case: the cache entry and the live room
  // must use that spelling, whatever the address typed (events name `_id`, compared as is).
  const id = (useParams().id ?? '').toLowerCase();
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState(false);
  const query = useAuction(id, { enabled: !deleted });
  const auction = query.data;

  // A missing auction (or a failure to load it at all): say so and go home. A failed refetch
  // of an auction already shown keeps it on screen unless the auction is gone.
  const failed =
    query.isError && !deleted && (!auction || (query.error instanceof ApiError && query.error.status === 404));
  useEffect(() => {
    if (!failed) return;
    toast.error(LOAD_ERROR_MESSAGE);
    navigate(paths.home.getHref(), { replace: true });
  }, [failed, navigate]);

  useAuctionRoom(deleted ? null : id, {
    onNewBid: (event) => toast(newBidMessage(event.bid?.amount ?? event.auction.currentPrice)),
    onEnded: () => toast(AUCTION_ENDED),
    onBought: (event) => toast(boughtMessage(event.buyer?.name ?? event.auction.winner?.name)),
    onError: (error) => toast.error(error?.message || 'حدث خطأ في الاتصال المباشر'),
  });

  useEffect(() => {
    if (!auction?.title) return;
    const previous = document.title;
    document.title = `${auction.title} | مزاد`;
    return () => {
      document.title = previous;
    };
  }, [auction?.title]);

  if (!auction) {
    return failed ? null : <PageSpinner label="جارٍ تحميل تفاصيل المزاد…" />;
  }
  if (failed) return null;
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
  const [bidError, setBidError] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<string | null>(null);
  const [maxBidError, setMaxBidError] = useState<MaxBidError | null>(null);

  // Re-reads the auction when its end comes (a bid this page missed may have moved the end).
  useAuctionEnd(auction);
  const offer = offerState(auction, user, now);
  const { role } = offer;
  // The member's own maximum (R-MAX-BID): read only by a member who may bid here.
  const ownMaxBid = useOwnMaxBid(auction._id, offer.canBid);
  const setMaxBid = useSetMaxBid(auction._id);
  const withdrawMaxBid = useWithdrawMaxBid(auction._id);
  const goToLogin = useCallback(() => navigate(paths.login.getHref()), [navigate]);

  const onBid = (amount: number) => {
    setBidError(null);
    bid.mutate(
      { amount },
      {
        onSuccess: () => toast.success(BID_SUCCESS),
        // The server's message was already toasted (useKeyedAction); it also stays under the form.
        onError: (error) => setBidError(error.message),
      },
    );
  };

  const onBuy = () => {
    setBuyError(null);
    buy.mutate(
      { expectedPrice: auction.buyNowPrice ?? undefined },
      {
        onSuccess: () => toast.success(BUY_NOW_SUCCESS),
        onError: (error) => setBuyError(error.message),
      },
    );
  };

  const maxBidCallbacks = {
    onSuccess: (result: { message: string }) => toast.success(result.message),
    onError: (error: ApiError) =>
      setMaxBidError({ message: error.message, offerBuyNow: error.code === 'MAX_BID_AT_BUY_NOW' }),
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

  return (
    <article className="page auction-detail" aria-labelledby="auction-title">
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
          <Gallery images={images} title={auction.title} />
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
            <DetailCountdown endTime={auction.endTime} now={now} open={isOpen(auction.status)} />
          </section>

          <RoleNotices auction={auction} role={role} userId={userId} now={now} />

          <Suspense fallback={<section className="detail-box bid-box" aria-busy="true" />}>
            <BidBox
              currentPrice={auction.currentPrice}
              offer={offer}
              busy={bid.isPending}
              retrying={bid.retrying}
              error={bidError}
              onBid={onBid}
              onLoginRequired={goToLogin}
            />
            {offer.canBid && (
              <MaxBidBox
                offer={offer}
                own={ownMaxBid.data?.maxBid ?? null}
                leading={auction.bids?.at(-1)?.bidder?._id === userId}
                busy={setMaxBid.isPending || withdrawMaxBid.isPending}
                retrying={setMaxBid.retrying || withdrawMaxBid.retrying}
                error={maxBidError}
                onSet={onSetMaxBid}
                onWithdraw={onWithdrawMaxBid}
                onBuyNow={onBuy}
              />
            )}
          </Suspense>
          {settings.data && <p className="auction-detail__note">{extensionNote(settings.data.bidExtensionSeconds)}</p>}

          {offer.open && offer.buyNowPrice !== null && role !== 'seller' && (
            <BuyNowBox
              title={auction.title}
              buyNowPrice={offer.buyNowPrice}
              offer={offer}
              busy={buy.isPending}
              retrying={buy.retrying}
              error={buyError}
              onBuy={onBuy}
              onLoginRequired={goToLogin}
            />
          )}

          <SellerBox
            auction={auction}
            isSeller={role === 'seller'}
            actions={partyActions(auction, user, now)}
            rating={rating.data}
            deleting={remove.isPending}
            onDelete={onDelete}
          />
        </div>

        <div className="auction-detail__info">
          <section className="detail-box" aria-labelledby="auction-description-title">
            <h2 id="auction-description-title" className="detail-box__title">
              وصف المنتج
            </h2>
            <p className="auction-detail__description">{auction.description}</p>
          </section>
          <DetailsGrid auction={auction} />
          <BidHistory
            bids={auction.bids ?? []}
            bidCount={auction.bidCount ?? auction.bids?.length ?? 0}
            rowAction={(bidId) => <RetractBidAction auction={auction} bidId={bidId} />}
          />
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
        <div className="auction-detail__footer-actions">
          <SaveButton
            watched={Boolean(user && auction.watchedByMe)}
            watchCount={auction.watchCount ?? 0}
            signedIn={Boolean(user)}
            busy={watch.isPending}
            onToggle={(watched) => watch.mutate(watched)}
            onLoginRequired={goToLogin}
          />
          <ShareButton auctionId={auction._id} title={auction.title} />
        </div>
      </footer>
    </article>
  );
}
