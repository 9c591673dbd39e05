import { ApiProperty } from '@nestjs/swagger';
import type {
  AdminBannersResult,
  AnnouncementContent,
  AnnouncementResult,
  AnnouncementSchedule,
  AnnouncementUpdateResult,
  Banner,
  BannerMutationResult,
  SiteBanner,
  SiteBannerResult,
  SiteContentResult,
  SiteFeature,
  SiteFeatureResult,
} from '@mazad/contracts';
import { BannerDto } from './banner-responses.dto';

export class AdminBannersResultDto implements AdminBannersResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: [BannerDto], description: 'Every banner, active or not, by order then creation time' })
  data: Banner[];
}

export class BannerMutationResultDto implements BannerMutationResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حفظ الإعلان بنجاح' }) message: string;
  @ApiProperty({ type: BannerDto }) data: Banner;
}

export class SiteBannerDto implements SiteBanner {
  @ApiProperty({ example: 'مرحباً بك في مزاد' }) title: string;
  @ApiProperty({ example: 'منصة المزادات الإلكترونية في الأردن' }) subtitle: string;
  @ApiProperty() description: string;
}

export class SiteFeatureDto implements SiteFeature {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '🔒' }) icon: string;
  @ApiProperty({ example: 'مزادات آمنة' }) title: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Display order (ascending)' }) order: number;
}

export class SiteContentResultDto implements SiteContentResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: SiteBannerDto }) banner: SiteBanner;
  @ApiProperty({ type: [SiteFeatureDto] }) features: SiteFeature[];
}

export class SiteBannerResultDto implements SiteBannerResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حفظ البانر الرئيسي بنجاح' }) message: string;
  @ApiProperty({ type: SiteBannerDto }) banner: SiteBanner;
}

export class SiteFeatureResultDto implements SiteFeatureResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تمت إضافة الميزة بنجاح' }) message: string;
  @ApiProperty({ type: SiteFeatureDto }) feature: SiteFeature;
}

export class AnnouncementScheduleOutDto implements AnnouncementSchedule {
  @ApiProperty() date: string;
  @ApiProperty() startTime: string;
  @ApiProperty() endTime: string;
  @ApiProperty() details: string;
}

export class AnnouncementDto implements AnnouncementContent {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: AnnouncementScheduleOutDto }) scheduleInfo: AnnouncementSchedule;
  @ApiProperty() additionalInfo: string;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class AnnouncementResultDto implements AnnouncementResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ type: AnnouncementDto, nullable: true, description: 'null until an admin saves one' })
  data: AnnouncementContent | null;
}

export class AnnouncementUpdateResultDto implements AnnouncementUpdateResult {
  @ApiProperty({ enum: [true] }) success: true;
  @ApiProperty({ example: 'تم حفظ محتوى صفحة الإعلان بنجاح' }) message: string;
  @ApiProperty({ type: AnnouncementDto }) data: AnnouncementContent;
}
