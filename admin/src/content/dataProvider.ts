/**
 * The member site's content: the home page's main banner (the one record `site-content/banner`),
 * its feature cards (`site-features`), and the announcement page (the one record
 * `announcement/current`, with its image upload). Texts are trimmed here, so what is saved is
 * what the member site shows.
 */
import {
  routes,
  type AnnouncementContent,
  type SiteBanner,
  type SiteFeature,
  type SiteFeatureRequest,
} from '@mazad/contracts';
import type { CreateParams, DeleteParams, GetListParams, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { callJson } from '../http';
import { byId, deleted, resourceProvider, trimmed, withId } from '../resourceProvider';

/** The one record of `site-content`. */
export const SITE_BANNER = 'banner';
/** The one record of `announcement`. */
export const ANNOUNCEMENT = 'current';

export type SiteBannerRecord = SiteBanner & RaRecord;
/** The announcement as its form holds it; `updatedAt` once it has been saved. */
export type AnnouncementRecord = RaRecord & Partial<Omit<AnnouncementContent, 'id'>>;

const siteBannerBody = (data: Record<string, unknown>): SiteBanner => ({
  title: trimmed(data.title),
  subtitle: trimmed(data.subtitle),
  description: trimmed(data.description),
});

const featureBody = (data: Record<string, unknown>): SiteFeatureRequest => ({
  icon: trimmed(data.icon),
  title: trimmed(data.title),
  description: trimmed(data.description),
});

/** A feature card can be saved once its icon, title and description are all filled. */
export const featureComplete = (data: Record<string, unknown>) => Object.values(featureBody(data)).every(Boolean);

/** What the announcement editor saves: every field, texts trimmed. */
export type AnnouncementFields = Omit<AnnouncementContent, '_id' | 'id' | 'createdAt' | 'updatedAt'>;

export function announcementBody(data: Record<string, unknown>): AnnouncementFields {
  const schedule = (data.scheduleInfo ?? {}) as Record<string, unknown>;
  return {
    title: trimmed(data.title),
    description: trimmed(data.description),
    images: Array.isArray(data.images) ? (data.images as string[]) : [],
    scheduleInfo: {
      date: trimmed(schedule.date),
      startTime: trimmed(schedule.startTime),
      endTime: trimmed(schedule.endTime),
      details: trimmed(schedule.details),
    },
    additionalInfo: trimmed(data.additionalInfo),
    isActive: data.isActive !== false,
  };
}

const getSiteContent = () => callJson(routes.content.site, []);

export const siteBannerProvider = resourceProvider({
  async getOne(_resource: string, params: GetOneParams): Promise<{ data: SiteBannerRecord }> {
    return { data: { ...(await getSiteContent()).banner, id: params.id } };
  },

  async update(_resource: string, params: UpdateParams): Promise<{ data: SiteBannerRecord }> {
    const body = await callJson(routes.content.updateSiteBanner, [], {
      body: siteBannerBody(params.data as Record<string, unknown>),
    });
    return { data: { ...body.banner, id: params.id } };
  },
});

export const siteFeaturesProvider = resourceProvider({
  /** Every card, in the home page's order (a handful: no paging). */
  async getList(_resource: string, _params: GetListParams) {
    const { features } = await getSiteContent();
    return { data: features.map(withId), total: features.length };
  },

  async create(_resource: string, params: CreateParams) {
    const body = await callJson(routes.content.createFeature, [], {
      body: featureBody(params.data as Record<string, unknown>),
    });
    return { data: withId(body.feature) };
  },

  async update(_resource: string, params: UpdateParams): Promise<{ data: SiteFeature }> {
    const body = await callJson(routes.content.updateFeature, [byId(params)], {
      body: featureBody(params.data as Record<string, unknown>),
    });
    return { data: withId(body.feature) };
  },

  delete: (_resource: string, params: DeleteParams) =>
    deleted(callJson(routes.content.deleteFeature, [byId(params)]), params),
});

export const announcementProvider = resourceProvider({
  /** The saved announcement, or only its id until an admin first saves one. */
  async getOne(_resource: string, params: GetOneParams): Promise<{ data: AnnouncementRecord }> {
    const { data } = await callJson(routes.content.announcement, []);
    return { data: { ...data, id: params.id } };
  },

  async update(_resource: string, params: UpdateParams): Promise<{ data: AnnouncementRecord }> {
    const content = announcementBody(params.data as Record<string, unknown>);
    const body = await callJson(routes.content.saveAnnouncement, [], {
      body: content,
    });
    return { data: { ...content, updatedAt: body.data.updatedAt, id: params.id } };
  },

  /** Uploads an image (multipart `image`): the stored image's address. */
  async uploadImage(_resource: string, params: { file: File }): Promise<string> {
    const form = new FormData();
    form.append('image', params.file);
    return (await callJson(routes.auctions.uploadImage, [], { form })).imageUrl;
  },
});
