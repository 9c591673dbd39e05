import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { LOGIN_TO_CREATE } from '../lib/messages';

export interface CreateAuctionActionProps {
  className: string;
  children: ReactNode;
  ariaLabel?: string;
}

/**
 * A create-auction control: a link to /create-auction when signed in; signed out,
 * a button that shows "يجب تسجيل الدخول لإنشاء مزاد جديد" and goes to /login.
 */
export function CreateAuctionAction({ className, children, ariaLabel }: CreateAuctionActionProps) {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  if (isAuthenticated) {
    return (
      <Link to={paths.createAuction.getHref()} className={className} aria-label={ariaLabel}>
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={ariaLabel}
      onClick={() => {
        toast.error(LOGIN_TO_CREATE);
        navigate(paths.login.getHref());
      }}
    >
      {children}
    </button>
  );
}
