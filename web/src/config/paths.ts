/** Every URL of the web app in one place (R-WEB-ROUTES). */
type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export type ProfileTab =
  'profile' | 'auctions' | 'bids' | 'watchlist' | 'ratings' | 'won' | 'unsold' | 'archived-unsold';

export const paths = {
  home: { path: '/', getHref: (query?: { search?: string; category?: string }) => withQuery('/', query) },
  login: { path: '/login', getHref: () => '/login' },
  adminLogin: { path: '/admin-login', getHref: () => '/admin-login' },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  otpVerification: { path: '/otp-verification', getHref: () => '/otp-verification' },
  verificationMethod: { path: '/verification-method', getHref: () => '/verification-method' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  auctions: { path: '/auctions', getHref: () => '/auctions' },
  announcementDetails: { path: '/announcement-details', getHref: () => '/announcement-details' },
  archive: { path: '/archive', getHref: () => '/archive' },
  auction: { path: '/auction/:id', getHref: (id: string) => `/auction/${encodeURIComponent(id)}` },
  createAuction: { path: '/create-auction', getHref: () => '/create-auction' },
  editAuction: { path: '/edit-auction/:id', getHref: (id: string) => `/edit-auction/${encodeURIComponent(id)}` },
  profile: { path: '/profile', getHref: (tab?: ProfileTab) => withQuery('/profile', { tab }) },
  publicProfile: { path: '/profile/:id', getHref: (id: string) => `/profile/${encodeURIComponent(id)}` },
  messages: { path: '/messages', getHref: (auctionId?: string) => withQuery('/messages', { auction: auctionId }) },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminManagement: { path: '/admin/management', getHref: () => '/admin/management' },
  bannerManagement: { path: '/banner-management', getHref: () => '/banner-management' },
} as const;

/**
 * Where the operator console (react-admin, served under /admin with hash routing) takes over.
 * These are full page loads, not client-side navigation.
 */
export const consoleUrls = {
  dashboard: '/admin/',
  login: '/admin/#/login',
  users: '/admin/#/users',
  banners: '/admin/#/banners',
} as const;
