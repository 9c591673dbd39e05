import { SingleLineText, TextField } from '../../common/validation/fields';
import { OptionalTextField } from './content-fields';

/** PUT /api/site-content/banner: replaces the main banner (a missing subtitle or description becomes empty). */
export class UpdateSiteBannerDto {
  @SingleLineText({ label: 'عنوان البانر', required: 'عنوان البانر مطلوب', example: 'مرحباً بك في مزاد', max: 150 })
  title: string;

  @OptionalTextField({ label: 'العنوان الفرعي', example: 'منصة المزادات الإلكترونية في الأردن', max: 300 })
  subtitle?: string;

  @OptionalTextField({ label: 'وصف البانر', example: 'بِع واشترِ بثقة', max: 1000 })
  description?: string;
}

/** POST /api/site-content/features and PUT /api/site-content/features/{id}: all three required. */
export class SiteFeatureFormDto {
  @TextField({ label: 'أيقونة الميزة', required: 'أيقونة الميزة مطلوبة', example: '🔒', max: 16 })
  icon: string;

  @SingleLineText({ label: 'عنوان الميزة', required: 'عنوان الميزة مطلوب', example: 'مزادات آمنة', max: 100 })
  title: string;

  @TextField({
    label: 'وصف الميزة',
    required: 'وصف الميزة مطلوب',
    example: 'حسابات موثّقة وقواعد مزايدة عادلة',
    max: 500,
  })
  description: string;
}
