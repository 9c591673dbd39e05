/**
 * Every text of the create and edit screens. Field
 * messages are the same Arabic sentences the server answers, so the page reads the same
 * whichever side catches a mistake.
 */
import { LIMITS } from '@mazad/contracts';

/** The field messages are the shared rules' (FIELDS of @mazad/contracts); this one is the form's own. */
export const BUY_NOW_REQUIRED = 'أدخل سعر الشراء الفوري أو ألغِ تفعيله';

export const IMAGES_REQUIRED = 'يجب رفع صورة واحدة على الأقل';
export const IMAGES_TOO_MANY = `لا يمكن رفع أكثر من ${LIMITS.maxImagesPerAuction} صور`;
export const IMAGE_NOT_IMAGE = (name: string) => `الملف «${name}» ليس صورة، يمكن اختيار الصور فقط`;
export const IMAGE_TOO_LARGE = (name: string) => `حجم الصورة «${name}» أكبر من 5 ميغابايت، اختر صورة أصغر`;
export const IMAGES_EDIT_HINT =
  'يمكنك إزالة صور وإضافة صور جديدة (حتى 3)؛ إذا لم تبقَ أي صورة تبقى الصور الحالية كما هي.';
export const IMAGES_HINT = `من صورة إلى ${LIMITS.maxImagesPerAuction} صور، حجم كل صورة 5 ميغابايت على الأكثر.`;

/** Toasts of the submit (R-AUCTION-FIELDS, R-AUCTION-IMAGES). */
export const NO_IMAGES_TOAST = 'يجب اختيار صورة واحدة على الأقل للمزاد';
export const LOGIN_FIRST = 'يجب تسجيل الدخول أولاً';
export const FIX_FIELDS_TOAST = 'يرجى تصحيح الحقول المحددة';

export const CREATE_SUCCESS = 'تم إنشاء المزاد بنجاح';
export const CREATE_ERROR = 'حدث خطأ أثناء إنشاء المزاد';
export const UPDATE_SUCCESS = 'تم تحديث المزاد بنجاح';
export const UPDATE_ERROR = 'حدث خطأ أثناء تحديث المزاد';
export const UPLOAD_ERROR = 'حدث خطأ أثناء رفع الصورة';
export const DELETE_SUCCESS = 'تم حذف المزاد بنجاح';
export const EDIT_FETCH_ERROR = 'حدث خطأ في جلب بيانات المزاد';

/** The edit screen (R-EDIT-ONCE). */
export const EDIT_ONCE_WARNING = 'تنبيه: يمكن تعديل المزاد مرة واحدة فقط، ولا يمكن تعديله بعد وجود مزايدات عليه.';
export const AUCTION_MISSING = 'المزاد غير موجود';
