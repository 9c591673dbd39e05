/**
 * The route table of the whole application, in declared order (R-WEB-ROUTES). Screens
 * are code-split: each route loads its module on first visit. The operator console lives in
 * a separate app under /admin, so its routes hand over with a full page load.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@/app/layout/app-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { consoleUrls, paths } from '@/config/paths';
// The loaders' prefetches only (a small module): the feature's index.ts would pull every
// auction screen into the first bundle.
import { prefetchAllAuctions, prefetchAuction, prefetchHome } from '@/features/auctions/api/prefetch';
// The home page waits for the console's main banner (it sits at the top): asked with the list.
import { siteContentQuery } from '@/features/site-content/api/site-content';
import { NOT_PERMITTED_PAGE, RequireAdmin, RequireAuth } from './guards';
import { ConsoleRedirect } from './routes/console-redirect';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** /auctions/{id} is a spelling one part of the old client used; the linked form is /auction/{id}. */
function AuctionAlias() {
  const { id = '' } = useParams();
  return <Navigate to={paths.auction.getHref(id)} replace />;
}

/**
 * The route table. With a query client, the main pages' loaders start their API calls with the
 * route's code (they return at once: the screens show their own loading state).
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const loader = (start: (client: QueryClient, args: LoaderFunctionArgs) => void) =>
    queryClient
      ? (args: LoaderFunctionArgs) => {
          start(queryClient, args);
          return null;
        }
      : undefined;
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      HydrateFallback: () => <PageSpinner />,
      children: [
        {
          index: true,
          loader: loader((client, { request }) => {
            prefetchHome(client, new URL(request.url));
            void client.prefetchQuery(siteContentQuery);
          }),
          lazy: page(() => import('@/features/auctions/routes/home-page')),
        },
        { path: paths.login.path, lazy: page(() => import('./routes/auth/login')) },
        { path: paths.adminLogin.path, element: <ConsoleRedirect to={consoleUrls.login} /> },
        { path: paths.register.path, lazy: page(() => import('./routes/auth/register')) },
        { path: paths.forgotPassword.path, lazy: page(() => import('./routes/auth/forgot-password')) },
        { path: paths.otpVerification.path, lazy: page(() => import('./routes/auth/otp-verification')) },
        { path: paths.verificationMethod.path, lazy: page(() => import('./routes/auth/verification-method')) },
        { path: paths.about.path, lazy: page(() => import('./routes/content/about')) },
        { path: paths.contact.path, lazy: page(() => import('./routes/content/contact')) },
        { path: paths.privacyPolicy.path, lazy: page(() => import('./routes/content/privacy-policy')) },
        { path: paths.termsOfService.path, lazy: page(() => import('./routes/content/terms-of-service')) },
        {
          path: paths.auctions.path,
          loader: loader((client, { request }) => prefetchAllAuctions(client, new URL(request.url))),
          lazy: page(() => import('@/features/auctions/routes/all-auctions-page')),
        },
        { path: '/auctions/:id', element: <AuctionAlias /> },
        { path: paths.announcementDetails.path, lazy: page(() => import('./routes/content/announcement-details')) },
        {
          element: <RequireAuth />,
          children: [{ path: paths.archive.path, lazy: page(() => import('./routes/after-sale/archive')) }],
        },
        {
          path: paths.auction.path,
          loader: loader((client, { params }) => prefetchAuction(client, params.id)),
          lazy: page(() => import('./routes/auction/auction-detail')),
        },
        {
          element: <RequireAuth />,
          children: [
            { path: paths.createAuction.path, lazy: page(() => import('./routes/selling/create-auction')) },
            { path: paths.editAuction.path, lazy: page(() => import('./routes/selling/edit-auction')) },
            { path: paths.profile.path, lazy: page(() => import('./routes/profile/profile')) },
          ],
        },
        { path: paths.publicProfile.path, lazy: page(() => import('./routes/profile/public-profile')) },
        {
          element: <RequireAuth />,
          children: [{ path: paths.messages.path, lazy: page(() => import('./routes/after-sale/messages')) }],
        },
        {
          element: <RequireAdmin />,
          children: [{ path: paths.admin.path, element: <ConsoleRedirect to={consoleUrls.dashboard} /> }],
        },
        // No guard here (the old address was never guarded); the console asks for its own admin login anyway.
        { path: paths.adminManagement.path, element: <ConsoleRedirect to={consoleUrls.users} /> },
        {
          // A page of the web app (not a server redirect), so a member is told and sent home.
          element: <RequireAdmin deniedMessage={NOT_PERMITTED_PAGE} visitorsThrough />,
          children: [{ path: paths.bannerManagement.path, element: <ConsoleRedirect to={consoleUrls.banners} /> }],
        },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
  ];
}

/** The routes without loaders (component tests render them with a query client of their own). */
export const routes: RouteObject[] = createRoutes();

export function createAppRouter(queryClient?: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
