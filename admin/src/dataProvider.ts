/**
 * The console's data provider, written against the API's own types (`@mazad/contracts`): one
 * entry per resource says which call lists, reads, changes and deletes it, and how its answer
 * is shaped. Lists are paged, sorted and filtered by the server, which answers the total in the
 * body (`total`); a `Content-Range: items 0-24/319` header is read when a body has none. A list
 * answer without any total is a server defect and fails loudly instead of being guessed.
 *
 * Resources: users, auctions, banners, contact-messages. The dashboard, the site content, the
 * announcement editor and the show pages use the named methods below.
 */
import type {
  AdminAuctionRow,
  AdminAuctionsResult,
  AdminBannersResult,
  AdminStats,
  AdminStatsResult,
  AdminUserRow,
  AdminUsersResult,
  AnnouncementContent,
  AnnouncementResult,
  AnnouncementUpdateRequest,
  AnnouncementUpdateResult,
  Auction,
  AuctionList,
  Banner,
  BannerMutationResult,
  ChatMessage,
  ContactMessage,
  ContactMessagesResult,
  DailyStat,
  DailyStatsResult,
  Rating,
  RatingsResult,
  SiteBanner,
  SiteBannerResult,
  SiteContentResult,
  SiteFeature,
  SiteFeatureResult,
  SuccessResult,
  UploadImageResult,
  User,
  UserAuctionsResult,
  UserBidAuction,
  UserBidAuctionsResult,
  UserResult,
  UserStats,
  UserStatsResult,
} from '@mazad/contracts';
import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { request, requestJson } from './http';

export const API_BASE = '/api/admin';

/** Messages of failures the server cannot word (no call for that operation). */
export const UNSUPPORTED = 'هذه العملية غير متاحة في لوحة الإدارة';
export const MISSING_TOTAL = 'استجابة الخادم لا تتضمن العدد الإجمالي';

export type ResourceName = 'users' | 'auctions' | 'banners' | 'contact-messages';

/** A member's show page: the profile, its figures, and what it did on the site. */
export interface UserDetails extends RaRecord {
  user: User;
  stats: UserStats;
}

export interface UserActivity {
  auctions: Auction[];
  bids: UserBidAuction[];
  ratings: Rating[];
}

export type FeatureInput = Pick<SiteFeature, 'icon' | 'title' | 'description'>;

export interface MazadDataProvider extends DataProvider {
  getStats: () => Promise<AdminStats>;
  getDailyStats: (days?: number) => Promise<DailyStat[]>;
  /** Open auctions ending within the hour, soonest first. */
  getEndingSoon: () => Promise<Auction[]>;
  setUserPassword: (id: Identifier, newPassword: string) => Promise<SuccessResult>;
  getUserActivity: (id: Identifier) => Promise<UserActivity>;
  getAuctionMessages: (id: Identifier) => Promise<ChatMessage[]>;
  getSiteContent: () => Promise<Pick<SiteContentResult, 'banner' | 'features'>>;
  updateSiteBanner: (banner: SiteBanner) => Promise<SiteBanner>;
  createFeature: (feature: FeatureInput) => Promise<SiteFeature>;
  updateFeature: (id: Identifier, feature: FeatureInput) => Promise<SiteFeature>;
  deleteFeature: (id: Identifier) => Promise<void>;
  getAnnouncement: () => Promise<AnnouncementContent | null>;
  saveAnnouncement: (content: AnnouncementUpdateRequest) => Promise<AnnouncementUpdateResult>;
  uploadImage: (file: File) => Promise<string>;
}

const withId = <T extends { _id: string }>(record: T): T & RaRecord => ({ ...record, id: record._id });
const path = (...parts: (string | Identifier)[]) => parts.map((p) => encodeURIComponent(String(p))).join('/');

/** `Content-Range: items 0-24/319` gives 319 (undefined when absent or when the total is unknown). */
export function totalFromContentRange(header: string | null): number | undefined {
  const match = header?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : undefined;
}

function listTotal(body: { total?: unknown }, headers: Headers): number {
  if (typeof body.total === 'number') return body.total;
  const fromHeader = totalFromContentRange(headers.get('Content-Range'));
  if (fromHeader === undefined) throw new HttpError(MISSING_TOTAL, 500, body);
  return fromHeader;
}

/** Query string of an admin list: page, limit, sort, order and the filters that are set. */
export function listQuery(params: GetListParams, sortable = true): URLSearchParams {
  const query = new URLSearchParams();
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.set('page', String(page));
  query.set('limit', String(perPage));
  if (sortable && params.sort?.field) {
    query.set('sort', params.sort.field === 'id' ? '_id' : params.sort.field);
    query.set('order', params.sort.order === 'ASC' ? 'asc' : 'desc');
  }
  for (const [key, value] of Object.entries((params.filter ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  return query;
}

/** Only the fields a call accepts (the server refuses unknown ones with UNKNOWN_FIELD). */
function pick<K extends string>(data: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (data[key] !== undefined) out[key] = data[key];
  return out;
}

/** A banner form: text trimmed, link omitted when empty, order a whole number. */
export function bannerBody(data: Record<string, unknown>): Record<string, unknown> {
  const body = pick(data, ['text', 'link', 'isActive', 'order'] as const) as Record<string, unknown>;
  if (typeof body.text === 'string') body.text = body.text.trim();
  if ('link' in body) {
    const link = typeof body.link === 'string' ? body.link.trim() : '';
    if (link) body.link = link;
    else delete body.link;
  }
  if (body.order !== undefined && body.order !== null && body.order !== '') body.order = Math.trunc(Number(body.order));
  else delete body.order;
  return body;
}

async function listBanners(): Promise<(Banner & RaRecord)[]> {
  const body = await requestJson<AdminBannersResult>('/api/banners/admin');
  return body.data.map(withId);
}

async function listContactMessages(params: GetListParams) {
  const { data: body, headers } = await request<ContactMessagesResult>(
    `${API_BASE}/contact-messages?${listQuery(params, false)}`,
  );
  return { data: body.messages.map(withId), total: listTotal(body, headers) };
}

export function createDataProvider(): MazadDataProvider {
  const provider: MazadDataProvider = {
    async getList(resource, params) {
      switch (resource as ResourceName) {
        case 'users': {
          const { data: body, headers } = await request<AdminUsersResult>(`${API_BASE}/users?${listQuery(params)}`);
          return { data: body.users.map(withId), total: listTotal(body, headers) } as never;
        }
        case 'auctions': {
          const { data: body, headers } = await request<AdminAuctionsResult>(
            `${API_BASE}/auctions?${listQuery(params)}`,
          );
          return { data: body.auctions.map(withId), total: listTotal(body, headers) } as never;
        }
        case 'banners': {
          // The server answers every banner (a handful) in display order; the page is cut here.
          const all = await listBanners();
          const { page = 1, perPage = all.length || 1 } = params.pagination ?? {};
          return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length } as never;
        }
        case 'contact-messages':
          return (await listContactMessages(params)) as never;
        default:
          throw new HttpError(UNSUPPORTED, 400);
      }
    },

    async getOne(resource, params) {
      switch (resource as ResourceName) {
        case 'users': {
          const [user, stats] = await Promise.all([
            requestJson<UserResult>(`/api/users/${path(params.id)}`),
            requestJson<UserStatsResult>(`/api/users/${path(params.id)}/stats`),
          ]);
          const { success: _ignored, ...figures } = stats;
          return { data: { ...withId(user.user as User), user: user.user as User, stats: figures } } as never;
        }
        case 'auctions':
          return { data: withId(await requestJson<Auction>(`/api/auctions/${path(params.id)}`)) } as never;
        case 'banners': {
          const banner = (await listBanners()).find((b) => String(b.id) === String(params.id));
          if (!banner) throw new HttpError('الإعلان غير موجود', 404);
          return { data: banner } as never;
        }
        default:
          throw new HttpError(UNSUPPORTED, 400);
      }
    },

    async getMany(resource, params) {
      const records = await Promise.all(params.ids.map((id) => provider.getOne(resource, { id }).then((r) => r.data)));
      return { data: records } as never;
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async update(resource, params) {
      const data = params.data as Record<string, unknown>;
      switch (resource as ResourceName) {
        case 'banners': {
          const body = await requestJson<BannerMutationResult>(`/api/banners/${path(params.id)}`, {
            method: 'PUT',
            body: bannerBody(data),
          });
          return { data: withId(body.data) } as never;
        }
        case 'contact-messages': {
          const body = await requestJson<{ data: ContactMessage }>(`${API_BASE}/contact-messages/${path(params.id)}`, {
            method: 'PATCH',
            body: { handled: Boolean(data.handled) },
          });
          return { data: withId(body.data) } as never;
        }
        default:
          throw new HttpError(UNSUPPORTED, 400);
      }
    },

    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) => provider.update(resource, { id, data: params.data, previousData: { id } })),
      );
      return { data: params.ids };
    },

    async create(resource, params) {
      if ((resource as ResourceName) !== 'banners') throw new HttpError(UNSUPPORTED, 400);
      const body = await requestJson<BannerMutationResult>('/api/banners', {
        method: 'POST',
        body: { isActive: true, order: 0, ...bannerBody(params.data as Record<string, unknown>) },
      });
      return { data: withId(body.data) } as never;
    },

    async delete(resource, params) {
      const urls: Record<ResourceName, string> = {
        users: `${API_BASE}/users/${path(params.id)}`,
        auctions: `${API_BASE}/auctions/${path(params.id)}`,
        banners: `/api/banners/${path(params.id)}`,
        'contact-messages': `${API_BASE}/contact-messages/${path(params.id)}`,
      };
      const url = urls[resource as ResourceName];
      if (!url) throw new HttpError(UNSUPPORTED, 400);
      await requestJson<SuccessResult>(url, { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => provider.delete(resource, { id })));
      return { data: params.ids };
    },

    async getStats() {
      const { success: _ignored, ...stats } = await requestJson<AdminStatsResult>(`${API_BASE}/stats`);
      return stats;
    },

    async getDailyStats(days = 30) {
      return (await requestJson<DailyStatsResult>(`${API_BASE}/stats/daily?days=${days}`)).days;
    },

    async getEndingSoon() {
      const body = await requestJson<AuctionList>('/api/auctions?timeFilter=1hour&limit=50');
      return [...body.auctions].sort((a, b) => a.endTime.localeCompare(b.endTime));
    },

    setUserPassword(id, newPassword) {
      return requestJson<SuccessResult>(`${API_BASE}/users/${path(id)}/password`, {
        method: 'PUT',
        body: { newPassword },
      });
    },

    async getUserActivity(id) {
      const [auctions, bids, ratings] = await Promise.all([
        requestJson<UserAuctionsResult>(`/api/auctions/user/${path(id)}`),
        requestJson<UserBidAuctionsResult>(`/api/auctions/user/${path(id)}/bids`),
        requestJson<RatingsResult>(`/api/users/${path(id)}/ratings`),
      ]);
      return { auctions: auctions.auctions, bids: bids.auctions, ratings: ratings.ratings };
    },

    async getAuctionMessages(id) {
      return (await requestJson<{ messages: ChatMessage[] }>(`${API_BASE}/auctions/${path(id)}/messages`)).messages;
    },

    async getSiteContent() {
      const { banner, features } = await requestJson<SiteContentResult>('/api/site-content');
      return { banner, features };
    },

    async updateSiteBanner(banner) {
      const body = await requestJson<SiteBannerResult>('/api/site-content/banner', {
        method: 'PUT',
        body: { title: banner.title, subtitle: banner.subtitle, description: banner.description },
      });
      return body.banner;
    },

    async createFeature(feature) {
      const body = await requestJson<SiteFeatureResult>('/api/site-content/features', {
        method: 'POST',
        body: pick(feature, ['icon', 'title', 'description'] as const),
      });
      return body.feature;
    },

    async updateFeature(id, feature) {
      const body = await requestJson<SiteFeatureResult>(`/api/site-content/features/${path(id)}`, {
        method: 'PUT',
        body: pick(feature, ['icon', 'title', 'description'] as const),
      });
      return body.feature;
    },

    async deleteFeature(id) {
      await requestJson<SuccessResult>(`/api/site-content/features/${path(id)}`, { method: 'DELETE' });
    },

    async getAnnouncement() {
      return (await requestJson<AnnouncementResult>('/api/announcement-content')).data;
    },

    saveAnnouncement(content) {
      return requestJson<AnnouncementUpdateResult>('/api/announcement-content', { method: 'PUT', body: content });
    },

    async uploadImage(file) {
      const form = new FormData();
      form.append('image', file);
      return (await requestJson<UploadImageResult>('/api/upload/images', { method: 'POST', form })).imageUrl;
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();

export type { AdminAuctionRow, AdminStats, AdminUserRow, ContactMessage };
