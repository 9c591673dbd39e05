import { path, routes, type SiteBanner, type SiteContentResult, type SiteFeature } from '@mazad/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { KEEP_OFFLINE } from '@/lib/query-persistence';
import { siteContentKeys } from './keys';

/**
 * The defaults (R-SITE-CONTENT-DEFAULTS: a welcome banner for the platform in Jordan and three
 * features). The server answers them until an operator saves something; the page falls back
 * to them only when the call fails, so the home page never shows an empty welcome.
 */
export const DEFAULT_SITE_CONTENT: {
  banner: SiteBanner;
  features: Pick<SiteFeature, '_id' | 'icon' | 'title' | 'description'>[];
} = {
  banner: {
    title: 'مرحباً بك في مزاد',
    subtitle: 'منصة المزادات الإلكترونية في الأردن',
    description:
      'بِع واشترِ بثقة: مزادات حيّة بالدينار الأردني، ومزايدة لحظية، وشراء فوري عند توفره، وتواصل مباشر بين البائع والفائز بعد البيع.',
  },
  features: [
    {
      _id: 'default-secure',
      icon: '🔒',
      title: 'مزادات آمنة',
      description: 'حسابات موثّقة برمز تحقق، وقواعد مزايدة يطبّقها الخادم على كل عرض.',
    },
    {
      _id: 'default-payment',
      icon: '💳',
      title: 'دفع سهل',
      description: 'أسعار واضحة بالدينار الأردني، وشراء فوري بسعر معلن.',
    },
    {
      _id: 'default-support',
      icon: '🕐',
      title: 'دعم على مدار الساعة',
      description: 'فريق الدعم معك طوال أيام الأسبوع، 24 ساعة في اليوم.',
    },
  ],
};

/**
 * GET /api/site-content: the main banner and the feature cards the operators edit in the console.
 * One definition for the screen's hook and the home route's prefetch, so both share the request.
 */
export const siteContentQuery = queryOptions({
  queryKey: siteContentKeys.all,
  queryFn: async () => {
    // Not toasted: a failed read shows the defaults, and a page is no place for "cannot connect".
    const { banner, features } = await api.get<SiteContentResult>(path(routes.content.site), { silent: true });
    return { banner, features };
  },
  retry: false,
  meta: KEEP_OFFLINE,
  // A failed read shows the defaults; the blocks that mount next (the home page waits for this
  // read) must not ask again, or each new ask would put the page back to its spinner.
  retryOnMount: false,
  staleTime: 60_000,
});

export function useSiteContent() {
  return useQuery(siteContentQuery);
}
