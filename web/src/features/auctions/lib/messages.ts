/**
 * User-visible texts of the browsing and bidding screens that the server does not send. A refusal the server also gives (a low bid, bidding on one's
 * own auction, …) is shown with the server's own text: `ERROR_MESSAGES` from '@mazad/contracts'.
 */
export const LOGIN_TO_CREATE = 'يجب تسجيل الدخول لإنشاء مزاد جديد';
export const YOU_OWN_THIS_AUCTION = 'أنت صاحب هذا المزاد';
export const BID_SUCCESS = 'تمت إضافة المزايدة بنجاح';
export const BUY_NOW_SUCCESS = 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد';
export const NEW_AUCTION_ADDED = 'تمت إضافة مزاد جديد';
export const EMPTY_TITLE = 'لا توجد مزادات متاحة';
export const EMPTY_HINT_FILTERED = 'جرّب تغيير معايير البحث';
export const EMPTY_HINT_LATER = 'تحقق لاحقاً من المزادات الجديدة';
export const EMPTY_SEARCH_TITLE = 'لم نجد مزادات تطابق';
export const EMPTY_SUGGESTIONS = 'جرّب بحثاً آخر';
export const EMPTY_ALL_CATEGORIES = 'ابحث في كل الفئات';
export const EMPTY_EVERY_CATEGORY = 'عرض كل الفئات';
export const AUCTION_ENDED = 'انتهى المزاد';

/**
 * Colour of a message in the bid modal (R-CLIENT-ERROR-TEXT): green when it contains the word for
 * success, red when it contains the word for error, otherwise blue.
 */
export function messageTone(text: string): 'success' | 'error' | 'info' {
  if (text.includes('نجاح')) return 'success';
  if (text.includes('خطأ')) return 'error';
  return 'info';
}
