import { CacheProvider } from '@emotion/react';
import { useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { HashRouter, Route } from 'react-router-dom';
import auctions from './auctions';
import auditLog from './audit';
import { authProvider } from './authProvider';
import banners from './banners';
import contactMessages from './contact';
import { AnnouncementPage, SiteContentPage } from './content';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { LoginPage } from './LoginPage';
import { createRtlCache, darkTheme, lightTheme } from './theme';
import users from './users';

/**
 * The router is ours, not react-admin's internal data router, so that navigations are plain
 * (non-transition) updates: react-admin's logout navigates and then clears its query cache
 * in the same tick; with a transition, the cache clear re-renders the signed-out routes first,
 * which log out again, and the login page waited 12–14 s behind ~4,000 redirects (see
 * admin/README.md).
 */
export function App() {
  const [cache] = useState(createRtlCache);
  return (
    <CacheProvider value={cache}>
      <HashRouter useTransitions={false}>
        <Admin
          title="mazad.title"
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          loginPage={LoginPage}
          dashboard={Dashboard}
          layout={ConsoleLayout}
          theme={lightTheme}
          darkTheme={darkTheme}
          requireAuth
          disableTelemetry
        >
          <Resource name="users" {...users} />
          <Resource name="auctions" {...auctions} />
          <Resource name="banners" {...banners} />
          <Resource name="contact-messages" {...contactMessages} />
          <Resource name="audit-log" {...auditLog} />
          <CustomRoutes>
            <Route path="/site-content" element={<SiteContentPage />} />
            <Route path="/announcement" element={<AnnouncementPage />} />
          </CustomRoutes>
        </Admin>
      </HashRouter>
    </CacheProvider>
  );
}
