import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

/** Login required: a spinner while the session loads, then signed-out users go to /login (replacing history). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner label="جارٍ التحقق من الجلسة…" />;
  if (!isAuthenticated)
    return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  return children ?? <Outlet />;
}

export const NOT_PERMITTED_PAGE = 'ليس لديك صلاحية للوصول إلى هذه الصفحة';

/** Sends a non-admin home, with an error toast first when the route asks for one. */
function DeniedHome({ message }: { message?: string }) {
  useEffect(() => {
    if (message) toast.error(message);
  }, [message]);
  return <Navigate to={paths.home.getHref()} replace />;
}

/**
 * Admin only: signed-in non-admins go to / (with `deniedMessage` as an error toast when given:
 * /banner-management, R-WEB-ROUTES). Signed-out users go to /login, or with
 * `visitorsThrough` on to the route, a hand-over to the console that asks for its own admin
 * login (an operator signed in to the console alone has no member session here).
 */
export function RequireAdmin({
  children,
  deniedMessage,
  visitorsThrough = false,
}: {
  children?: ReactNode;
  deniedMessage?: string;
  visitorsThrough?: boolean;
}) {
  const { loading, isAuthenticated, isAdmin } = useSession();
  if (loading) return <PageSpinner label="جارٍ التحقق من الجلسة…" />;
  if (!isAuthenticated && !visitorsThrough) return <Navigate to={paths.login.getHref()} replace />;
  if (isAuthenticated && !isAdmin) return <DeniedHome message={deniedMessage} />;
  return children ?? <Outlet />;
}
