import type { SiteBanner } from '@mazad/contracts';

/**
 * What the home page shows before an admin edits it: a welcome banner for the platform in
 * Jordan and three feature cards (secure auctions, easy payment, 24/7 support). The migration
 * that creates the site-content tables stores these, so they are ordinary, editable rows; the
 * content feature falls back to the banner if its row is missing. Data of the database
 * (infrastructure), so that migrations depend on no feature.
 */
export const DEFAULT_SITE_BANNER: SiteBanner = {
  title: 'مرحباً بك في مزاد',
  subtitle: 'منصة المزادات الإلكترونية في الأردن',
  description:
    'بِع واشترِ بثقة: مزادات حيّة بالدينار الأردني، ومزايدة لحظية، وشراء فوري عند توفره، وتواصل مباشر بين البائع والفائز بعد البيع.',
};

export const DEFAULT_SITE_FEATURES: readonly { icon: string; title: string; description: string }[] = [
  {
    icon: '🔒',
    title: 'مزادات آمنة',
    description:
      'حسابات موثّقة برمز تحقق، وقواعد مزايدة يطبّقها الخادم على كل عرض، وتمديد تلقائي يمنع خطف المزاد في الثواني الأخيرة.',
  },
  {
    icon: '💳',
    title: 'دفع سهل',
    description:
      'أسعار واضحة بالدينار الأردني، وشراء فوري بسعر معلن، واتفاق مباشر بين البائع والمشتري على الدفع والتسليم.',
  },
  {
    icon: '🕐',
    title: 'دعم على مدار الساعة',
    description: 'فريق الدعم معك طوال أيام الأسبوع، 24 ساعة في اليوم، ونرد على رسائل البريد الإلكتروني خلال 24 ساعة.',
  },
];
