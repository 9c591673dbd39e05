import type { AnnouncementContent, SiteBanner, SiteFeature } from '@mazad/contracts';
import type { AnnouncementEntity } from './entities/announcement.entity';
import type { SiteBannerEntity } from './entities/site-banner.entity';
import type { SiteFeatureEntity } from './entities/site-feature.entity';

export function toSiteBanner(b: Pick<SiteBannerEntity, 'title' | 'subtitle' | 'description'>): SiteBanner {
  return { title: b.title, subtitle: b.subtitle, description: b.description };
}

export function toSiteFeature(f: SiteFeatureEntity): SiteFeature {
  return { _id: f.id, id: f.id, icon: f.icon, title: f.title, description: f.description, order: f.order };
}

/** What an operator changes on a feature card, as its audit entry shows it (R-AUDIT-LOG). */
export function siteFeatureFields(f: SiteFeatureEntity): Pick<SiteFeature, 'icon' | 'title' | 'description' | 'order'> {
  return { icon: f.icon, title: f.title, description: f.description, order: f.order };
}

/** The announcement's fields as its audit entry shows them (R-AUDIT-LOG): the page without ids and times. */
export function announcementFields(a: AnnouncementEntity) {
  const { title, description, images, scheduleInfo, additionalInfo, isActive } = toAnnouncement(a);
  return { title, description, images, scheduleInfo, additionalInfo, isActive };
}

export function toAnnouncement(a: AnnouncementEntity): AnnouncementContent {
  return {
    _id: a.id,
    id: a.id,
    title: a.title,
    description: a.description,
    images: a.images ?? [],
    scheduleInfo: {
      date: a.scheduleDate,
      startTime: a.scheduleStartTime,
      endTime: a.scheduleEndTime,
      details: a.scheduleDetails,
    },
    additionalInfo: a.additionalInfo,
    isActive: a.isActive,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
