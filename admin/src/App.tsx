import { CacheProvider } from '@emotion/react';
import { useState } from 'react';
import { Admin, Resource } from 'react-admin';
import auctions from './auctions';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { LoginPage } from './LoginPage';
import { createRtlCache, darkTheme, lightTheme } from './theme';
import users from './users';

export function App() {
  const [cache] = useState(createRtlCache);
  return (
    <CacheProvider value={cache}>
      <Admin
        title="mazad.title"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={LoginPage}
        dashboard={Dashboard}
        theme={lightTheme}
        darkTheme={darkTheme}
        requireAuth
        disableTelemetry
      >
        <Resource name="users" {...users} />
        <Resource name="auctions" {...auctions} />
      </Admin>
    </CacheProvider>
  );
}
