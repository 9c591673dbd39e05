import { useEffect } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { goToConsole } from '@/lib/console';

/**
 * Hands over to the operator console (a separate react-admin app served under /admin) with a
 * full page load.
 */
export function ConsoleRedirect({ to }: { to: string }) {
  useEffect(() => {
    goToConsole(to);
  }, [to]);
  return (
    <div className="page page--narrow center">
      <PageSpinner label="جارٍ الانتقال إلى لوحة الإدارة…" />
      <p>
        <a href={to}>الانتقال إلى لوحة الإدارة</a>
      </p>
    </div>
  );
}
