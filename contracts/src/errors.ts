/**
 * Stable machine codes for every error the API answers, each with its one HTTP status and the
 * Arabic text shown to users. Error bodies are `{ statusCode, code, message, error }` where
 * message and error carry the same Arabic text. Add a code here (status and text) before
 * throwing it on the server: the server takes the status from this table, never from the
 * throw site.
 */
export const ERRORS = {
  // General
  VALIDATION_ERROR: { status: 400, message: 'البيانات المدخلة غير صالحة' },
  UNKNOWN_FIELD: { status: 400, message: 'حقل غير مسموح به' },
  MALFORMED_JSON: { status: 400, message: 'صيغة البيانات المرسلة غير صحيحة (JSON غير صالح)' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'حجم البيانات المرسلة كبير جداً' },
  NOT_FOUND: { status: 404, message: 'المسار المطلوب غير موجود' },
  UNAUTHORIZED: { status: 401, message: 'يجب تسجيل الدخول أولاً' },
  TOKEN_INVALID: { status: 401, message: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول من جديد' },
  FORBIDDEN: { status: 403, message: 'ليس لديك صلاحية للقيام بهذا الإجراء' },
  ADMIN_ONLY: { status: 403, message: 'هذه العملية متاحة للمشرفين فقط' },
  RATE_LIMITED: { status: 429, message: 'طلبات كثيرة جداً، يرجى المحاولة لاحقاً' },
  INTERNAL_ERROR: { status: 500, message: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'الخدمة غير متاحة حالياً، يرجى المحاولة لاحقاً' },
  INVALID_ID: { status: 400, message: 'المعرّف غير صالح' },
  INVALID_CHARACTERS: { status: 400, message: 'البيانات المرسلة تحتوي على رموز تحكم غير مسموح بها' },
  INPUT_TOO_DEEP: { status: 400, message: 'البيانات المرسلة متداخلة بعمق أكبر من المسموح' },
  UNSUPPORTED_CHARSET: { status: 415, message: 'ترميز الأحرف غير مدعوم، يرجى الإرسال بترميز UTF-8' },
  UNSUPPORTED_CONTENT_ENCODING: { status: 415, message: 'طريقة ضغط البيانات غير مدعومة (المدعوم: gzip وdeflate وbr)' },
  BODY_UNREADABLE: { status: 400, message: 'تعذّرت قراءة البيانات المرسلة (ضغط تالف أو طول غير صحيح)' },

  // Accounts
  EMAIL_TAKEN: { status: 409, message: 'البريد الإلكتروني مسجل مسبقاً' },
  INVALID_CREDENTIALS: { status: 401, message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  LOGIN_RATE_LIMITED: { status: 429, message: 'محاولات دخول فاشلة كثيرة، يرجى المحاولة بعد 15 دقيقة' },
  REGISTER_RATE_LIMITED: { status: 429, message: 'عدد كبير من عمليات التسجيل من هذا العنوان، يرجى المحاولة لاحقاً' },
  CHALLENGE_INVALID: { status: 400, message: 'إجابة المعادلة غير صحيحة أو انتهت صلاحيتها، يرجى حل معادلة جديدة' },
  ACCOUNT_NOT_VERIFIED: { status: 403, message: 'الحساب غير مفعّل، يرجى تفعيله برمز التحقق' },
  ALREADY_VERIFIED: { status: 400, message: 'الحساب مفعّل مسبقاً' },
  USER_NOT_FOUND: { status: 404, message: 'المستخدم غير موجود' },
  OTP_INVALID: { status: 400, message: 'رمز التحقق غير صحيح' },
  OTP_EXPIRED: { status: 400, message: 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد' },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, message: 'تم تجاوز عدد المحاولات المسموح بها، يرجى طلب رمز جديد' },
  /** Account verification: a wrong, expired, burnt or absent code all answer this (nothing to tell apart). */
  OTP_REJECTED: { status: 400, message: 'رمز التحقق غير صحيح أو انتهت صلاحيته، يمكنك طلب رمز جديد' },
  OTP_COOLDOWN: { status: 429, message: 'يرجى الانتظار قبل طلب رمز جديد' },
  OTP_SEND_LIMIT: { status: 429, message: 'تم تجاوز عدد رموز التحقق المسموح بها خلال ساعة، يرجى المحاولة لاحقاً' },
  OTP_SEND_FAILED: { status: 502, message: 'فشل إرسال رمز التحقق' },
  TELEGRAM_UNAVAILABLE: { status: 503, message: 'خدمة تيليجرام غير متاحة حالياً' },
  TELEGRAM_CHAT_NOT_FOUND: {
    status: 400,
    message: 'لم نجد محادثة مرتبطة برقم هاتفك مع بوت تيليجرام، يرجى مشاركة رقمك مع البوت أولاً',
  },
  RESET_RATE_LIMITED: { status: 429, message: 'محاولات كثيرة لإعادة تعيين كلمة المرور، يرجى المحاولة لاحقاً' },
  ADMIN_LOGIN_FAILED: { status: 401, message: 'بيانات دخول المشرف غير صحيحة' },
  ADMIN_LOGIN_DISABLED: { status: 403, message: 'دخول المشرفين غير مفعّل على هذا الخادم' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'كلمة المرور الحالية غير صحيحة' },
  NOTHING_TO_CHANGE: { status: 400, message: 'يرجى تغيير البريد الإلكتروني أو إدخال كلمة مرور جديدة' },
  NOT_PROFILE_OWNER: { status: 403, message: 'لا يمكنك تعديل الملف الشخصي لمستخدم آخر' },
  EMAIL_CHANGE_RATE_LIMITED: {
    status: 429,
    message: 'طلبات كثيرة لتغيير البريد الإلكتروني خلال ساعة، يرجى المحاولة لاحقاً',
  },
  /** A member cannot block themselves (R-BLOCK). */
  BLOCK_SELF: { status: 400, message: 'لا يمكنك حظر نفسك' },
  BLOCK_RATE_LIMITED: { status: 429, message: 'محاولات حظر كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  CREDENTIALS_RATE_LIMITED: {
    status: 429,
    message: 'محاولات كثيرة بكلمة مرور حالية خاطئة، يرجى المحاولة بعد 15 دقيقة',
  },

  // Files
  IMAGE_REQUIRED: { status: 400, message: 'يجب اختيار صورة' },
  IMAGE_INVALID: { status: 400, message: 'الملف ليس صورة صالحة' },
  IMAGE_TOO_LARGE: { status: 413, message: 'حجم الصورة يجب ألا يتجاوز 5 ميغابايت' },
  IMAGE_TOO_MANY_PIXELS: {
    status: 400,
    message: 'أبعاد الصورة كبيرة جداً (50 ميغابكسل على الأكثر)، يرجى تصغيرها ثم رفعها من جديد',
  },
  IMAGE_NOT_OWNED: { status: 403, message: 'لا يمكن استخدام صورة لم ترفعها بنفسك، يرجى رفع الصورة من جديد' },
  TOO_MANY_IMAGES: { status: 400, message: 'لا يمكن رفع أكثر من 3 صور' },
  MULTIPART_INVALID: { status: 400, message: 'صيغة الملفات المرسلة غير صحيحة' },
  UPLOADS_UNAVAILABLE: { status: 503, message: 'رفع الصور غير متاح على هذا الخادم' },

  // Auctions
  AUCTION_NOT_FOUND: { status: 404, message: 'المزاد غير موجود' },
  AUCTION_IMAGES_REQUIRED: { status: 400, message: 'يجب رفع صورة واحدة على الأقل' },
  NOT_AUCTION_OWNER: { status: 403, message: 'لا يمكنك تعديل مزاد لا تملكه' },
  AUCTION_ALREADY_EDITED: { status: 400, message: 'لا يمكن تعديل المزاد إلا مرة واحدة فقط' },
  AUCTION_HAS_BIDS: { status: 400, message: 'لا يمكن تعديل أو حذف المزاد بعد وجود مزايدات عليه' },
  AUCTION_NOT_EDITABLE: { status: 400, message: 'لا يمكن تعديل مزاد غير نشط' },
  AUCTION_NOT_OPEN: { status: 409, message: 'المزاد غير متاح للمزايدة' },
  AUCTION_ENDED: { status: 409, message: 'انتهى وقت المزاد' },
  BID_TOO_LOW: { status: 400, message: 'يجب أن تكون المزايدة أعلى من السعر الحالي' },
  BID_OWN_AUCTION: { status: 403, message: 'لا يمكنك المزايدة على مزادك الخاص' },
  BID_RATE_LIMITED: { status: 429, message: 'مزايدات كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  BUY_NOW_RATE_LIMITED: { status: 429, message: 'محاولات شراء فوري كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  MAX_BID_WITHDRAW_RATE_LIMITED: {
    status: 429,
    message: 'محاولات سحب الحد الأقصى كثيرة خلال دقيقة، يرجى الانتظار قليلاً',
  },
  AUCTION_BUSY: { status: 503, message: 'المزاد مشغول حالياً، يرجى إعادة المحاولة' },
  TOO_MANY_PENDING_BIDS: {
    status: 429,
    message: 'لديك طلبات كثيرة قيد المعالجة على هذا المزاد، يرجى انتظار نتيجتها ثم المحاولة مجدداً',
  },
  BUY_NOW_UNAVAILABLE: { status: 400, message: 'سعر الشراء الفوري غير متاح' },
  BUY_NOW_OWN_AUCTION: { status: 403, message: 'لا يمكنك شراء مزادك الخاص' },
  BUY_NOW_PRICE_REACHED: { status: 409, message: 'تجاوز السعر الحالي سعر الشراء الفوري' },
  BUY_NOW_PRICE_CHANGED: {
    status: 409,
    message: 'تغيّر سعر الشراء الفوري منذ عرضه عليك، يرجى مراجعة السعر الجديد ثم المحاولة مجدداً',
  },
  /** The auction's seller blocked the member (R-BLOCK): a bid, a maximum or a buy-now on their auctions. */
  BLOCKED_BY_SELLER: { status: 403, message: 'لا يمكنك المزايدة على مزادات هذا البائع' },
  WATCH_RATE_LIMITED: { status: 429, message: 'محاولات حفظ كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  MAX_BID_TOO_LOW: { status: 400, message: 'يجب أن يكون الحد الأقصى أعلى من السعر الحالي بخطوة مزايدة على الأقل' },
  MAX_BID_AT_BUY_NOW: {
    status: 409,
    message: 'الحد الأقصى يبلغ سعر الشراء الفوري أو يتجاوزه، يمكنك الشراء الفوري بدلاً من ذلك',
  },
  MAX_BID_HOLDS_PRICE: { status: 409, message: 'لا يمكن سحب الحد الأقصى ما دام يحمل السعر الحالي للمزاد' },
  BID_AT_BUY_NOW: {
    status: 409,
    message: 'المبلغ يساوي سعر الشراء الفوري أو يتجاوزه: اشترِ الآن بسعر الشراء الفوري بدلاً من المزايدة',
  },
  BID_NOT_FOUND: { status: 404, message: 'المزايدة غير موجودة في هذا المزاد' },
  BID_NOT_YOURS: { status: 403, message: 'يمكنك سحب مزايداتك أنت فقط' },
  BID_ALREADY_CANCELLED: { status: 409, message: 'سُحبت هذه المزايدة أو أُلغيت من قبل' },
  BID_RETRACT_WINDOW_PASSED: {
    status: 409,
    message: 'مضت أكثر من ساعة على هذه المزايدة، فلم يعد سحبها ممكناً',
  },
  BID_RETRACT_LAST_HOURS: {
    status: 409,
    message: 'لا تُسحب في الساعات الاثنتي عشرة الأخيرة من المزاد مزايدةٌ قُدّمت قبلها',
  },
  BID_RETRACT_MONTHLY_LIMIT: {
    status: 409,
    message: 'بلغت الحد الأقصى لسحب المزايدات: 3 مرات خلال 30 يوماً',
  },
  BID_RETRACT_RATE_LIMITED: { status: 429, message: 'محاولات سحب مزايدات كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  AUCTION_CREATE_RATE_LIMITED: { status: 429, message: 'أنشأت مزادات كثيرة خلال وقت قصير، يرجى المحاولة لاحقاً' },
  MESSAGE_RATE_LIMITED: { status: 429, message: 'أرسلت رسائل كثيرة خلال وقت قصير، يرجى الانتظار قليلاً' },
  CHALLENGE_RATE_LIMITED: { status: 429, message: 'طلبات تحقق كثيرة من هذا العنوان، يرجى المحاولة لاحقاً' },
  UPLOAD_RATE_LIMITED: { status: 429, message: 'رفعت صوراً كثيرة خلال وقت قصير، يرجى المحاولة لاحقاً' },
  UPLOAD_QUOTA_EXCEEDED: { status: 429, message: 'تجاوزت الحد اليومي لرفع الصور، يرجى المحاولة غداً' },
  SOCKET_RATE_LIMITED: { status: 429, message: 'اتصالات كثيرة من هذا العنوان، يرجى المحاولة لاحقاً' },
  SOCKET_EVENT_RATE_LIMITED: { status: 429, message: 'طلبات كثيرة عبر الاتصال المباشر، يرجى الإبطاء قليلاً' },
  TOO_MANY_ROOMS: { status: 429, message: 'تتابع مزادات كثيرة في الوقت نفسه، يرجى إغلاق بعضها' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'تم استخدام مفتاح الطلب نفسه لطلب مختلف' },
  AUCTION_NOT_DELETABLE: { status: 400, message: 'لا يمكن حذف مزاد تم بيعه' },

  // After the sale
  NOT_DEAL_PARTY: { status: 403, message: 'هذه العملية متاحة للبائع والفائز فقط' },
  AUCTION_NOT_SOLD: { status: 400, message: 'المزاد غير مباع' },
  CONVERSATION_FORBIDDEN: { status: 403, message: 'المحادثة متاحة فقط بين البائع والفائز في هذا المزاد' },
  /** One of the two parties blocked the other (R-BLOCK): neither writes to the other. */
  CHAT_BLOCKED: { status: 403, message: 'لا يمكن تبادل الرسائل مع هذا العضو' },
  MESSAGE_EMPTY: { status: 400, message: 'لا يمكن إرسال رسالة فارغة' },
  ALREADY_RATED: { status: 409, message: 'لقد قمت بتقييم البائع لهذا المزاد مسبقاً' },
  RATING_FORBIDDEN: { status: 403, message: 'يمكن للفائز فقط تقييم البائع' },
  ARCHIVE_FORBIDDEN: { status: 403, message: 'الأرشيف متاح لصاحبه فقط' },
  ARCHIVED_AUCTION_NOT_FOUND: { status: 404, message: 'المزاد المؤرشف غير موجود' },
  BANNER_NOT_FOUND: { status: 404, message: 'الإعلان غير موجود' },
  FEATURE_NOT_FOUND: { status: 404, message: 'الميزة غير موجودة' },
  ADMIN_SELF_DELETE: { status: 400, message: 'لا يمكنك حذف حسابك من لوحة الإدارة' },
  MESSAGE_RECEIVER_INVALID: { status: 400, message: 'يجب أن يكون مستلم الرسالة هو الطرف الآخر في هذا المزاد' },
  RATING_SELLER_MISMATCH: { status: 400, message: 'البائع المحدد ليس بائع هذا المزاد' },

  // Contact form and its inbox
  CONTACT_RATE_LIMITED: { status: 429, message: 'أرسلت رسائل كثيرة خلال وقت قصير، يرجى المحاولة لاحقاً' },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, message: 'رسالة التواصل غير موجودة' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'الإشعار غير موجود' },
  NOTIFICATIONS_RATE_LIMITED: { status: 429, message: 'طلبات إشعارات كثيرة خلال دقيقة، يرجى الانتظار قليلاً' },
  PUSH_OFF: { status: 404, message: 'إشعارات المتصفح غير مفعّلة على هذا الخادم' },
  PUSH_SUBSCRIPTIONS_LIMIT: {
    status: 409,
    message: 'بلغت الحد الأقصى من الأجهزة المفعّل عليها الإشعارات، أوقفها على جهاز آخر أولاً',
  },
  PUSH_ENDPOINT_NOT_ALLOWED: {
    status: 400,
    message: 'عنوان خدمة الإشعارات (endpoint) ليس من خدمات إشعارات المتصفحات المعروفة',
  },
  PUSH_ENDPOINT_TAKEN: {
    status: 409,
    message: 'عنوان خدمة الإشعارات (endpoint) مسجّل لجهاز آخر ولا يُنقل إلى حسابك إلا من المتصفح نفسه',
  },
  UNSUBSCRIBE_TOKEN_INVALID: {
    status: 400,
    message: 'رابط إلغاء الاشتراك غير صالح. يمكنك إيقاف رسائل البريد من إعدادات الإشعارات في صفحتك الشخصية',
  },
  UNSUBSCRIBE_LINK_EXPIRED: {
    status: 410,
    message:
      'انتهت صلاحية رابط إلغاء الاشتراك. استخدم الرابط في رسالة أحدث، أو أوقف رسائل البريد من إعدادات الإشعارات في صفحتك الشخصية',
  },

  // Load-test fixtures (operators only, docs/adr/0013-load-test-fixtures-through-the-api.md)
  LOAD_TEST_PRODUCTION: {
    status: 403,
    message: 'لا تُنشأ بيانات اختبار الحمل على نشر إنتاجي؛ شغّل النشر بنوع load-test أو development',
  },
  LOAD_TEST_FOREIGN_BIDS: {
    status: 409,
    message: 'لا يمكن حذف بيانات اختبار الحمل: زايد بعض أعضائها على مزادات ليست من بيانات الاختبار',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The Arabic text of each code (derived from ERRORS, for readers that only need the text). */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(ERRORS).map(([code, { message }]) => [code, message]),
) as { readonly [C in ErrorCode]: (typeof ERRORS)[C]['message'] };

/** The HTTP status of each code (derived from ERRORS). */
export const ERROR_STATUS = Object.fromEntries(Object.entries(ERRORS).map(([code, { status }]) => [code, status])) as {
  readonly [C in ErrorCode]: (typeof ERRORS)[C]['status'];
};

export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  error: string;
  /** Validation errors: one entry per offending field (the first 20; see errorsOmitted). */
  errors?: { field: string; message: string }[];
  /** Validation errors beyond those listed in `errors`. */
  errorsOmitted?: number;
  /** 409 on registration when the email exists: the client offers a password reset. */
  redirectToReset?: boolean;
  /** 429, and 503 AUCTION_BUSY: seconds until a retry may succeed (also sent as the Retry-After header). */
  retryAfter?: number;
  /** 400 OTP_INVALID: wrong tries left before the code is burnt. */
  attemptsLeft?: number;
  /**
   * 404 AUCTION_NOT_FOUND of an auction an operator removed: that it was removed and its
   * category, so the page can say why and offer open auctions like it (nothing else of it).
   */
  gone?: { reason: 'removed'; category: string };
}
