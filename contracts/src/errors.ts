/**
 * Stable machine codes for every error the API answers, with the Arabic text shown to users.
 * Error bodies are `{ statusCode, code, message, error }` where message and error carry the
 * same Arabic text. Add a code here before throwing it on the server.
 */
export const ERROR_MESSAGES = {
  // General
  VALIDATION_ERROR: 'البيانات المدخلة غير صالحة',
  UNKNOWN_FIELD: 'حقل غير مسموح به',
  MALFORMED_JSON: 'صيغة البيانات المرسلة غير صحيحة (JSON غير صالح)',
  PAYLOAD_TOO_LARGE: 'حجم البيانات المرسلة كبير جداً',
  NOT_FOUND: 'المسار المطلوب غير موجود',
  UNAUTHORIZED: 'يجب تسجيل الدخول أولاً',
  TOKEN_INVALID: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول من جديد',
  FORBIDDEN: 'ليس لديك صلاحية للقيام بهذا الإجراء',
  ADMIN_ONLY: 'هذه العملية متاحة للمشرفين فقط',
  RATE_LIMITED: 'طلبات كثيرة جداً، يرجى المحاولة لاحقاً',
  INTERNAL_ERROR: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً',
  SERVICE_UNAVAILABLE: 'الخدمة غير متاحة حالياً، يرجى المحاولة لاحقاً',
  INVALID_ID: 'المعرّف غير صالح',

  // Accounts
  EMAIL_TAKEN: 'البريد الإلكتروني مسجل مسبقاً',
  INVALID_CREDENTIALS: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  LOGIN_RATE_LIMITED: 'محاولات دخول فاشلة كثيرة، يرجى المحاولة بعد 15 دقيقة',
  REGISTER_RATE_LIMITED: 'عدد كبير من عمليات التسجيل من هذا العنوان، يرجى المحاولة لاحقاً',
  CHALLENGE_INVALID: 'إجابة المعادلة غير صحيحة أو انتهت صلاحيتها، يرجى حل معادلة جديدة',
  ACCOUNT_NOT_VERIFIED: 'الحساب غير مفعّل، يرجى تفعيله برمز التحقق',
  ALREADY_VERIFIED: 'الحساب مفعّل مسبقاً',
  USER_NOT_FOUND: 'المستخدم غير موجود',
  OTP_INVALID: 'رمز التحقق غير صحيح',
  OTP_EXPIRED: 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد',
  OTP_TOO_MANY_ATTEMPTS: 'تم تجاوز عدد المحاولات المسموح بها، يرجى طلب رمز جديد',
  OTP_COOLDOWN: 'يرجى الانتظار قبل طلب رمز جديد',
  OTP_SEND_LIMIT: 'تم تجاوز عدد رموز التحقق المسموح بها خلال ساعة، يرجى المحاولة لاحقاً',
  OTP_SEND_FAILED: 'فشل إرسال رمز التحقق',
  TELEGRAM_UNAVAILABLE: 'خدمة تيليجرام غير متاحة حالياً',
  TELEGRAM_CHAT_NOT_FOUND: 'لم نجد محادثة مرتبطة برقم هاتفك مع بوت تيليجرام، يرجى مشاركة رقمك مع البوت أولاً',
  RESET_RATE_LIMITED: 'محاولات كثيرة لإعادة تعيين كلمة المرور، يرجى المحاولة لاحقاً',
  ADMIN_LOGIN_FAILED: 'بيانات دخول المشرف غير صحيحة',
  ADMIN_LOGIN_DISABLED: 'دخول المشرفين غير مفعّل على هذا الخادم',
  CURRENT_PASSWORD_WRONG: 'كلمة المرور الحالية غير صحيحة',
  NOTHING_TO_CHANGE: 'يرجى تغيير البريد الإلكتروني أو إدخال كلمة مرور جديدة',
  NOT_PROFILE_OWNER: 'لا يمكنك تعديل الملف الشخصي لمستخدم آخر',
  CREDENTIALS_RATE_LIMITED: 'محاولات كثيرة بكلمة مرور حالية خاطئة، يرجى المحاولة بعد 15 دقيقة',

  // Files
  IMAGE_REQUIRED: 'يجب اختيار صورة',
  IMAGE_INVALID: 'الملف ليس صورة صالحة',
  IMAGE_TOO_LARGE: 'حجم الصورة يجب ألا يتجاوز 5 ميغابايت',
  TOO_MANY_IMAGES: 'لا يمكن رفع أكثر من 3 صور',
  MULTIPART_INVALID: 'صيغة الملفات المرسلة غير صحيحة',
  UPLOADS_UNAVAILABLE: 'رفع الصور غير متاح على هذا الخادم',

  // Auctions
  AUCTION_NOT_FOUND: 'المزاد غير موجود',
  AUCTION_IMAGES_REQUIRED: 'يجب رفع صورة واحدة على الأقل',
  NOT_AUCTION_OWNER: 'لا يمكنك تعديل مزاد لا تملكه',
  AUCTION_ALREADY_EDITED: 'لا يمكن تعديل المزاد إلا مرة واحدة فقط',
  AUCTION_HAS_BIDS: 'لا يمكن تعديل أو حذف المزاد بعد وجود مزايدات عليه',
  AUCTION_NOT_EDITABLE: 'لا يمكن تعديل مزاد غير نشط',
  AUCTION_NOT_OPEN: 'المزاد غير متاح للمزايدة',
  AUCTION_ENDED: 'انتهى وقت المزاد',
  BID_TOO_LOW: 'يجب أن تكون المزايدة أعلى من السعر الحالي',
  BID_OWN_AUCTION: 'لا يمكنك المزايدة على مزادك الخاص',
  BID_RATE_LIMITED: 'مزايدات كثيرة خلال دقيقة، يرجى الانتظار قليلاً',
  AUCTION_BUSY: 'المزاد مشغول حالياً، يرجى إعادة المحاولة',
  BUY_NOW_UNAVAILABLE: 'سعر الشراء الفوري غير متاح',
  BUY_NOW_OWN_AUCTION: 'لا يمكنك شراء مزادك الخاص',
  BUY_NOW_PRICE_REACHED: 'تجاوز السعر الحالي سعر الشراء الفوري',
  IDEMPOTENCY_CONFLICT: 'تم استخدام مفتاح الطلب نفسه لطلب مختلف',
  AUCTION_NOT_DELETABLE: 'لا يمكن حذف مزاد تم بيعه',

  // After the sale
  NOT_DEAL_PARTY: 'هذه العملية متاحة للبائع والفائز فقط',
  AUCTION_NOT_SOLD: 'المزاد غير مباع',
  CONVERSATION_FORBIDDEN: 'المحادثة متاحة فقط بين البائع والفائز في هذا المزاد',
  MESSAGE_EMPTY: 'لا يمكن إرسال رسالة فارغة',
  ALREADY_RATED: 'لقد قمت بتقييم البائع لهذا المزاد مسبقاً',
  RATING_FORBIDDEN: 'يمكن للفائز فقط تقييم البائع',
  ARCHIVE_FORBIDDEN: 'الأرشيف متاح لصاحبه فقط',
  ARCHIVED_AUCTION_NOT_FOUND: 'المزاد المؤرشف غير موجود',
  BANNER_NOT_FOUND: 'الإعلان غير موجود',
  FEATURE_NOT_FOUND: 'الميزة غير موجودة',
  ADMIN_SELF_DELETE: 'لا يمكنك حذف حسابك من لوحة الإدارة',
  MESSAGE_RECEIVER_INVALID: 'يجب أن يكون مستلم الرسالة هو الطرف الآخر في هذا المزاد',
  RATING_SELLER_MISMATCH: 'البائع المحدد ليس بائع هذا المزاد',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  error: string;
  /** Validation errors: one entry per offending field. */
  errors?: { field: string; message: string }[];
  /** 409 on registration when the email exists: the client offers a password reset. */
  redirectToReset?: boolean;
  /** 429: seconds until a retry may succeed (also sent as the Retry-After header). */
  retryAfter?: number;
  /** 400 OTP_INVALID: wrong tries left before the code is burnt. */
  attemptsLeft?: number;
}
