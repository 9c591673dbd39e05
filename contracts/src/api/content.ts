/** Site content: banners, the home page's main banner and feature cards, the announcement. */

export interface Banner {
  _id: string;
  id: string;
  text: string;
  link: string | null;
  isActive: boolean;
  order: number;
  createdAt: string;
}

/** GET /api/banners: the active banners in display order. */
export interface BannersResult {
  success: true;
  banners: Banner[];
}

/** GET /api/banners/admin: every banner, in display order. */
export interface AdminBannersResult {
  success: true;
  data: Banner[];
}

/** POST /api/banners and PUT /api/banners/{id}. */
export interface BannerMutationResult {
  success: true;
  message: string;
  data: Banner;
}

export interface SiteBanner {
  title: string;
  subtitle: string;
  description: string;
}

export interface SiteFeature {
  _id: string;
  id: string;
  icon: string;
  title: string;
  description: string;
  order: number;
}

/** GET /api/site-content: the home page's main banner and feature cards. */
export interface SiteContentResult {
  success: true;
  banner: SiteBanner;
  features: SiteFeature[];
}

export interface SiteBannerResult {
  success: true;
  message: string;
  banner: SiteBanner;
}

export interface SiteFeatureResult {
  success: true;
  message: string;
  feature: SiteFeature;
}

export interface AnnouncementSchedule {
  date: string;
  startTime: string;
  endTime: string;
  details: string;
}

export interface AnnouncementContent {
  _id: string;
  id: string;
  title: string;
  description: string;
  images: string[];
  scheduleInfo: AnnouncementSchedule;
  additionalInfo: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/announcement-content: `data` is null until an admin saves one. */
export interface AnnouncementResult {
  success: true;
  data: AnnouncementContent | null;
}

/** PUT /api/announcement-content. */
export interface AnnouncementUpdateRequest {
  title: string;
  description?: string;
  images?: string[];
  scheduleInfo?: Partial<AnnouncementSchedule>;
  additionalInfo?: string;
  isActive?: boolean;
}

export interface AnnouncementUpdateResult {
  success: true;
  message: string;
  data: AnnouncementContent;
}

/** POST /api/banners */
export interface BannerCreateRequest {
  text: string;
  link?: string;
  isActive?: boolean;
  order?: number;
}

/** PUT /api/banners/{id}: `{ text, link? }` replaces both, `{ isActive }` shows or hides, `{ order }` moves. */
export type BannerUpdateRequest = Partial<BannerCreateRequest>;

/** PUT /api/site-content/banner */
export interface SiteBannerRequest {
  title: string;
  subtitle?: string;
  description?: string;
}

/** POST /api/site-content/features and PUT /api/site-content/features/{id}. */
export interface SiteFeatureRequest {
  icon: string;
  title: string;
  description: string;
}
