import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

/** Login required: a spinner while the session loads, then signed-out users go to /login (replacing history). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { loading, isAuthenticated } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner label="جارٍ التحقق من الجلسة…" />;
  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  return children ?? <Outlet />;
}

/** Admin only: signed-out users go to /login, signed-in non-admins to /. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { loading, isAuthenticated, isAdmin } = useSession();
  if (loading) return <PageSpinner label="جارٍ التحقق من الجلسة…" />;
  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;
  if (!isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return children ?? <Outlet />;
}
