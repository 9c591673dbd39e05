/** Every text of the profile screens. */
export const PROFILE_LOAD_ERROR = 'حدث خطأ في تحميل بيانات الملف الشخصي';
export const PROFILE_LOAD_ERROR_HINT = 'تعذر تحميل البيانات، تحقق من اتصالك وحاول مرة أخرى.';
export const PUBLIC_PROFILE_LOAD_ERROR = 'تعذر تحميل الملف الشخصي لهذا المستخدم';

/** Profile edit (R-PROFILE-OWNER); the fields' own messages are the shared rules' (FIELDS). */
export const FILL_REQUIRED_FIELDS = 'يرجى ملء جميع الحقول المطلوبة';
export const PROFILE_UPDATED = 'تم تحديث الملف الشخصي بنجاح';
export const PROFILE_UPDATE_ERROR = 'حدث خطأ أثناء تحديث الملف الشخصي';

/** Credentials form (R-PROFILE-OWNER): its three toasts (then the shared email and password rules), and the answer. */
export const ENTER_CURRENT_PASSWORD = 'يرجى إدخال كلمة المرور الحالية';
export const CHANGE_SOMETHING = 'يرجى تغيير البريد الإلكتروني أو إدخال كلمة مرور جديدة';
export const LOGIN_FIRST = 'يجب تسجيل الدخول أولاً';
export const CREDENTIALS_UPDATED = 'تم تحديث بيانات الدخول بنجاح';
export const CREDENTIALS_UPDATE_ERROR = 'حدث خطأ أثناء تحديث بيانات الدخول';
export const EMAIL_CODE_SENT =
  'إن كان البريد الإلكتروني الجديد متاحاً فقد أرسلنا إليه رمز تأكيد، أدخله لإتمام تغيير البريد';
export const EMAIL_CHANGED = 'تم تغيير البريد الإلكتروني بنجاح';
export const EMAIL_CHANGE_ERROR = 'حدث خطأ أثناء تأكيد البريد الإلكتروني الجديد';

/** Profile image (R-CLIENT-ERROR-TEXT): 30 s timeout; 401, 403 and 413 have their own messages. */
export const PROFILE_IMAGE_TIMEOUT_MS = 30_000;
export const IMAGE_SESSION_EXPIRED = 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول من جديد';
export const IMAGE_FORBIDDEN = 'ليس لديك صلاحية لتحديث الصورة الشخصية';
export const IMAGE_TOO_LARGE = 'حجم الصورة كبير جداً، الحد الأقصى 5 ميغابايت';
export const IMAGE_NOT_IMAGE = 'يرجى اختيار ملف صورة';
export const IMAGE_UPLOAD_ERROR = 'حدث خطأ أثناء رفع الصورة';
export const IMAGE_UPDATED = 'تم تحديث الصورة الشخصية بنجاح';

export const NO_COMMENT = 'بدون تعليق';
export const GENERIC_USER = 'مستخدم';

/** Blocking a member (R-BLOCK). */
export const BLOCK_CONFIRM_MESSAGE =
  'لن يتمكن هذا العضو من المزايدة على مزاداتك أو شرائها فوراً، ولن تتبادلا الرسائل. يُسحب الحد الأقصى الذي وضعه على مزاداتك المفتوحة، وتبقى مزايداته السابقة.';
export const BLOCK_ERROR = 'تعذر حظر العضو، يرجى المحاولة مرة أخرى';
export const UNBLOCK_ERROR = 'تعذر إلغاء حظر العضو، يرجى المحاولة مرة أخرى';
