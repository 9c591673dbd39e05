import ArticleIcon from '@mui/icons-material/Article';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import WebIcon from '@mui/icons-material/Web';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal, ToggleThemeButton, useLogout, useTranslate } from 'react-admin';

/** Back to the member site (a full page load: the site is another app on the same origin). */
function BackToSite() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('mazad.app_bar.back_to_site');
  return small ? (
    <Tooltip title={label}>
      <IconButton color="inherit" href="/" aria-label={label}>
        <HomeIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Button color="inherit" href="/" startIcon={<HomeIcon />}>
      {label}
    </Button>
  );
}

function LogoutAction() {
  const logout = useLogout();
  const translate = useTranslate();
  const label = translate('mazad.app_bar.logout');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={() => logout()} aria-label={label}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}

/** App bar: the page title, back to the site, the light/dark switch, logout. */
function ConsoleAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <BackToSite />
          <ToggleThemeButton />
          <LogoutAction />
        </>
      }
      userMenu={false}
    >
      <TitlePortal />
    </AppBar>
  );
}

/** Every resource plus the two content pages, so no screen is unreachable. */
function ConsoleMenu() {
  return (
    <Menu>
      <Menu.Item to="/" primaryText="mazad.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="auctions" />
      <Menu.ResourceItem name="banners" />
      <Menu.Item to="/site-content" primaryText="mazad.menu.site_content" leftIcon={<WebIcon />} />
      <Menu.Item to="/announcement" primaryText="mazad.menu.announcement" leftIcon={<ArticleIcon />} />
      <Menu.ResourceItem name="contact-messages" />
      <Menu.ResourceItem name="audit-log" />
    </Menu>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      {children}
    </Layout>
  );
}
