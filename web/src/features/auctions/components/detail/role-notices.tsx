/**
 * What the page says to each role: the seller owns it (and learns of the
 * sale), the winner is congratulated, other members see that it sold, visitors are invited
 * to join. The seller and the winner of a sold auction get the chat button inside the
 * window of R-CHAT-WINDOW.
 */
import type { Auction, ViewerRole } from '@mazad/contracts';
import { Link } from 'react-router-dom';
import { Money } from '@/components/display';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { YOU_OWN_THIS_AUCTION } from '../../lib/messages';
import { canSeeChatButton, isSold } from '../../lib/visibility';

export const WINNER_NOTICE = 'تهانينا! لقد فزت بهذا المزاد';
export const SOLD_NOTICE = 'تم بيع هذا المزاد';
export const VISITOR_INVITATION = 'انضم إلى مزاد لتتمكن من المزايدة والشراء';

export interface RoleNoticesProps {
  auction: Pick<Auction, '_id' | 'status' | 'endTime' | 'seller' | 'winner' | 'currentPrice'>;
  role: ViewerRole;
  userId: string | null | undefined;
  /** The server's clock. */
  now: number;
}

export function RoleNotices({ auction, role, userId, now }: RoleNoticesProps) {
  const sold = isSold(auction.status);
  const chat = canSeeChatButton(auction, userId, now);
  const price = <Money amount={auction.currentPrice} />;
  return (
    <div className="role-notices">
      {role === 'seller' && (
        <Notice tone="info">
          {YOU_OWN_THIS_AUCTION}
          {sold && (
            <>
              {' — '}تم بيع مزادك إلى <strong>{auction.winner?.name || 'مستخدم'}</strong> بسعر {price}
            </>
          )}
        </Notice>
      )}
      {role === 'winner' && sold && (
        <Notice tone="success">
          {WINNER_NOTICE} بسعر {price}
        </Notice>
      )}
      {sold && role !== 'seller' && role !== 'winner' && (
        <Notice tone="warning">
          {SOLD_NOTICE}
          {auction.winner?.name ? (
            <>
              {' '}
              إلى <strong>{auction.winner.name}</strong>
            </>
          ) : null}{' '}
          بسعر {price}
        </Notice>
      )}
      {role === 'visitor' && (
        <Notice tone="info">
          {VISITOR_INVITATION}: <Link to={paths.login.getHref()}>تسجيل الدخول</Link> أو{' '}
          <Link to={paths.register.getHref()}>إنشاء حساب جديد</Link>
        </Notice>
      )}
      {chat && (
        <ButtonLink to={paths.messages.getHref(auction._id)} block>
          {role === 'seller' ? 'محادثة الفائز' : 'محادثة البائع'}
        </ButtonLink>
      )}
    </div>
  );
}
