/**
 * "What happens now" on a sold auction, for its winner and its seller (in place of the bid boxes,
 * which a sold auction no longer has): message the other side (the conversation of R-DEAL-CONFIRM's
 * parties), agree on the place, the time and the payment, then the winner confirms receipt —
 * asked once more (ConfirmDealButton) — and rates the seller in the conversation. Loaded in its
 * own chunk: only the two parties of a sale ever see it.
 */
import type { Auction, ViewerRole } from '@mazad/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Money } from '@/components/display';
import { ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { ConfirmDealButton, DEAL_CONFIRMED, useConfirmDeal } from '@/features/messages';
import { formatDateTime } from '@/lib/format';
import { GENERIC_USER } from '@/lib/names';

export const AFTER_SALE_TITLE = 'ماذا بعد البيع؟';

export interface AfterSaleCardProps {
  auction: Pick<
    Auction,
    '_id' | 'title' | 'currentPrice' | 'seller' | 'winner' | 'isDealConfirmed' | 'dealConfirmedAt' | 'isRatedBySeller'
  >;
  role: Extract<ViewerRole, 'winner' | 'seller'>;
  userId: string;
}

export function AfterSaleCard({ auction, role, userId }: AfterSaleCardProps) {
  const titleId = useId();
  const confirm = useConfirmDeal(userId);
  const winner = role === 'winner';
  const other = winner ? auction.seller?.name : auction.winner?.name;
  const otherName = other?.trim() || GENERIC_USER;
  const chat = paths.messages.getHref(auction._id);

  return (
    <section className="detail-box after-sale" aria-labelledby={titleId} data-testid="after-sale">
      <h2 id={titleId} className="detail-box__title">
        {AFTER_SALE_TITLE}
      </h2>
      <p className="after-sale__lead">
        {winner ? 'مبروك! فزت بهذا المزاد بسعر ' : `تم بيع مزادك إلى ${otherName} بسعر `}
        <Money amount={auction.currentPrice} />.
      </p>
      <ol className="after-sale__steps">
        <li className="after-sale__step">
          <p className="after-sale__step-title">{winner ? 'راسل البائع' : 'راسل الفائز'}</p>
          <p className="muted">تواصلا عبر رسائل مزاد، فهي محفوظة لكما.</p>
          <ButtonLink to={chat} size="sm">
            مراسلة {otherName}
          </ButtonLink>
        </li>
        <li className="after-sale__step">
          <p className="after-sale__step-title">اتفقا على المكان والوقت وطريقة الدفع</p>
          <p className="muted">يتم التسليم والدفع بينكما مباشرة؛ اختارا مكاناً عاماً، وافحص السلعة قبل الدفع.</p>
        </li>
        <li className="after-sale__step">
          <p className="after-sale__step-title">{winner ? 'أكّد الاستلام' : 'تأكيد الفائز للاستلام'}</p>
          {auction.isDealConfirmed ? (
            <p className="after-sale__done" data-testid="deal-confirmed">
              <span aria-hidden="true">✓ </span>
              {winner ? 'أكّدتَ استلام السلعة' : 'أكّد الفائز استلام السلعة'}
              {auction.dealConfirmedAt && <span className="muted"> — {formatDateTime(auction.dealConfirmedAt)}</span>}
            </p>
          ) : winner ? (
            <>
              <p className="muted">بعد أن تصلك السلعة وتفحصها.</p>
              <ConfirmDealButton
                side="winner"
                title={auction.title}
                size="sm"
                busy={confirm.isPending}
                onConfirm={() =>
                  confirm.mutate(auction._id, {
                    onSuccess: (result) => toast.success(result?.message || DEAL_CONFIRMED),
                  })
                }
              />
            </>
          ) : (
            <p className="muted">بانتظار تأكيد الفائز لاستلام السلعة.</p>
          )}
        </li>
        {winner && (
          <li className="after-sale__step">
            <p className="after-sale__step-title">قيّم البائع</p>
            {auction.isRatedBySeller ? (
              <p className="after-sale__done">
                <span aria-hidden="true">✓ </span>قيّمتَ البائع
              </p>
            ) : (
              <p className="muted">
                شارك تجربتك من <Link to={chat}>صفحة المحادثة</Link> لتساعد غيرك.
              </p>
            )}
          </li>
        )}
      </ol>
    </section>
  );
}
