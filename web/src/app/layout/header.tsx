import { Link, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { badgeText, useUnreadCount } from '@/features/messages/api/unread-count';
import { NotificationBell } from '@/features/notifications';
import { useTheme } from '@/lib/theme';
import { useMemberEvents } from '@/app/live/use-member-events';
import { SearchForm } from './search-form';
import { UserMenu } from './user-menu';

export const LOGIN_TO_CREATE_MESSAGE = 'يجب تسجيل الدخول لإنشاء مزاد جديد';

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** Create-auction: signed-out users go to /login with a toast. */
export function CreateAuctionButton({ className }: { className?: string }) {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  if (isAuthenticated) {
    return (
      <ButtonLink to={paths.createAuction.getHref()} className={className} icon={<PlusIcon />}>
        <span className="btn__label">إنشاء مزاد</span>
      </ButtonLink>
    );
  }
  return (
    <Button
      className={className}
      icon={<PlusIcon />}
      onClick={() => {
        toast.error(LOGIN_TO_CREATE_MESSAGE);
        navigate(paths.login.getHref());
      }}
    >
      <span className="btn__label">إنشاء مزاد</span>
    </Button>
  );
}

function MessagesLink({ userId }: { userId: string }) {
  const count = useUnreadCount(userId);
  return (
    // The accessible name is built from the visible badge text ("الرسائل 3 غير مقروءة"), so what
    // a screen reader says contains what a sighted user sees (WCAG 2.5.3, label in name).
    <Link to={paths.messages.getHref()} className="icon-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">الرسائل </span>
      <span className={`badge ${count > 0 ? 'badge--unread' : 'badge--zero'}`} data-testid="unread-badge">
        {badgeText(count)}
      </span>
      <span className="visually-hidden"> غير مقروءة</span>
    </Link>
  );
}

function ThemeToggle() {
  const { dark, toggle } = useTheme();
  return (
    <button
      type="button"
      className="icon-button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={dark ? 'الوضع الفاتح' : 'الوضع الداكن'}
      title={dark ? 'الوضع الفاتح' : 'الوضع الداكن'}
    >
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
    </button>
  );
}

/** The sticky site header; present on every page, so it also keeps the member's screens live. */
export function Header() {
  const { user, isAuthenticated, isAdmin, logOut } = useSession();
  useMemberEvents(isAuthenticated ? user?._id : undefined);
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={paths.home.getHref()} className="logo" aria-label="مزاد — الصفحة الرئيسية">
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span className="logo__text">مزاد</span>
        </Link>
        <div className="site-header__search">
          <SearchForm />
        </div>
        <nav className="site-header__actions" aria-label="حسابي">
          <CreateAuctionButton className="site-header__create" />
          {isAuthenticated && user ? (
            <>
              <NotificationBell userId={user._id} />
              <MessagesLink userId={user._id} />
              <UserMenu user={user} isAdmin={isAdmin} onLogout={logOut} />
            </>
          ) : (
            <>
              <Link to={paths.login.getHref()} className="nav-link">
                تسجيل الدخول
              </Link>
              <Link to={paths.register.getHref()} className="nav-link nav-link--strong">
                إنشاء حساب
              </Link>
            </>
          )}
          <ThemeToggle />
        </nav>
      </div>
    </header>
  );
}
