/**
 * What the page says to those whose box it does not fill: visitors are invited to join, and a
 * third party of a sold auction learns that it sold and to whom. The seller has the owner box,
 * the two parties of a sale the after-sale card.
 */
import type { Auction, ViewerRole } from '@mazad/contracts';
import { Link } from 'react-router-dom';
import { Money } from '@/components/display';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { isSold } from '../../lib/visibility';

export const SOLD_NOTICE = 'تم بيع هذا المزاد';
export const VISITOR_INVITATION = 'انضم إلى مزاد لتتمكن من المزايدة والشراء';

export interface RoleNoticesProps {
  auction: Pick<Auction, 'status' | 'winner' | 'currentPrice'>;
  role: ViewerRole;
}

export function RoleNotices({ auction, role }: RoleNoticesProps) {
  const sold = isSold(auction.status);
  return (
    <div className="role-notices">
      {sold && role !== 'seller' && role !== 'winner' && (
        <Notice tone="warning">
          {SOLD_NOTICE}
          {auction.winner?.name ? (
            <>
              {' '}
              إلى <strong>{auction.winner.name}</strong>
            </>
          ) : null}{' '}
          بسعر <Money amount={auction.currentPrice} />
        </Notice>
      )}
      {role === 'visitor' && (
        <Notice tone="info">
          {VISITOR_INVITATION}: <Link to={paths.login.getHref()}>تسجيل الدخول</Link> أو{' '}
          <Link to={paths.register.getHref()}>إنشاء حساب جديد</Link>
        </Notice>
      )}
    </div>
  );
}
