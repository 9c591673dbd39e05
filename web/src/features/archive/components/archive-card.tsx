import { categoryLabel, type ArchivedAuction } from '@mazad/contracts';
import { Money, StatusBadge, statusTone } from '@/components/display';
import { Button } from '@/components/ui/button';
import { ConfirmDealButton } from '@/features/messages';
import { formatDateTime } from '@/lib/format';
import { isWonBy } from '../lib/grouping';

export interface ArchiveCardProps {
  auction: ArchivedAuction;
  userId: string;
  onConfirm?: (auction: ArchivedAuction) => void;
  confirmingId?: string | null;
  onOpenMessages?: (auction: ArchivedAuction) => void;
}

/** One archived auction: sold green, unsold red, "you won" when the viewer is the winner. */
export function ArchiveCard({ auction, userId, onConfirm, confirmingId, onOpenMessages }: ArchiveCardProps) {
  const tone = statusTone(auction.status);
  const won = isWonBy(auction, userId);
  return (
    <article className={`archive-card archive-card--${tone}`} data-testid="archive-card" data-auction-id={auction._id}>
      <header className="archive-card__head">
        <h3 className="archive-card__title">{auction.title}</h3>
        <StatusBadge status={auction.status} />
        {won && (
          <span className="tag tag--warning">
            <span aria-hidden="true">★ </span>فزت بهذا المزاد
          </span>
        )}
      </header>
      <dl className="archive-card__facts">
        <div>
          <dt>الفئة</dt>
          <dd>{categoryLabel(auction.category)}</dd>
        </div>
        <div>
          <dt>السعر النهائي</dt>
          <dd>
            <Money amount={auction.finalPrice} />
          </dd>
        </div>
        <div>
          <dt>سعر البداية</dt>
          <dd>
            <Money amount={auction.startingPrice} />
          </dd>
        </div>
        <div>
          <dt>المزايدات</dt>
          <dd>{auction.totalBids}</dd>
        </div>
        <div>
          <dt>المشاهدات</dt>
          <dd>{auction.viewCount}</dd>
        </div>
        <div>
          <dt>{won ? 'البائع' : 'الفائز'}</dt>
          <dd>{won ? auction.seller?.name : (auction.winner?.name ?? '—')}</dd>
        </div>
        <div className="archive-card__fact--wide">
          <dt>تاريخ الأرشفة</dt>
          <dd>{formatDateTime(auction.archivedAt)}</dd>
        </div>
        <div>
          <dt>الرسائل</dt>
          <dd>{auction.messageCount ?? auction.messages?.length ?? 0}</dd>
        </div>
      </dl>
      {(won || (onOpenMessages && (auction.messages?.length ?? 0) > 0)) && (
        <footer className="archive-card__actions">
          {won &&
            (auction.isDealConfirmed ? (
              <span className="archive-card__confirmed">✓ تم تأكيد استلام الصفقة</span>
            ) : (
              onConfirm && (
                <ConfirmDealButton
                  side="winner"
                  title={auction.title}
                  size="sm"
                  label="تأكيد استلام الصفقة"
                  busy={confirmingId === auction._id}
                  onConfirm={() => onConfirm(auction)}
                />
              )
            ))}
          {onOpenMessages && (auction.messages?.length ?? 0) > 0 && (
            <Button size="sm" variant="secondary" onClick={() => onOpenMessages(auction)}>
              عرض المحادثة
            </Button>
          )}
        </footer>
      )}
    </article>
  );
}
