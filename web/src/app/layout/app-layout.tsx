import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PushPrompt } from '@/features/push';
import { ConnectionStatus } from './connection-status';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';

/**
 * Header, page, footer (not on /messages), a thin bar while a route's code loads, a notice
 * while the app is offline, a note while the live connection is being retried, and the offer
 * to turn push on after a first bid or watch.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const showFooter = !pathname.startsWith(paths.messages.path);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        تخطَّ إلى المحتوى
      </a>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="جارٍ تحميل الصفحة" />
      )}
      <Header />
      <OfflineNotice />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      {showFooter && <Footer />}
      <ConnectionStatus />
      <PushPrompt />
      <ScrollRestoration />
    </div>
  );
}
