/**
 * Home page banners: the server answers every banner (a handful) in display order, so a page
 * and a single banner are cut from that list here; create, edit and delete send only the
 * fields the server takes.
 */
import { routes, type Banner, type BannerCreateRequest, type BannerUpdateRequest } from '@mazad/contracts';
import {
  HttpError,
  type CreateParams,
  type DeleteParams,
  type GetListParams,
  type GetOneParams,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { callJson } from '../http';
import { byId, deleted, pick, resourceProvider, trimmed, withId } from '../resourceProvider';

export const BANNER_NOT_FOUND = 'الإعلان غير موجود';

/** A banner form: text trimmed, link omitted when empty, order a whole number. */
export function bannerBody(data: Record<string, unknown>): BannerUpdateRequest {
  const body = pick(data, ['text', 'link', 'isActive', 'order'] as const) as Record<string, unknown>;
  if ('text' in body) body.text = trimmed(body.text);
  if ('link' in body) {
    const link = trimmed(body.link);
    if (link) body.link = link;
    else delete body.link;
  }
  if (body.order !== undefined && body.order !== null && body.order !== '') body.order = Math.trunc(Number(body.order));
  else delete body.order;
  return body as BannerUpdateRequest;
}

async function listBanners(): Promise<(Banner & RaRecord)[]> {
  return (await callJson(routes.content.allBanners, [])).data.map(withId);
}

export const bannersProvider = resourceProvider({
  async getList(_resource: string, params: GetListParams) {
    const all = await listBanners();
    const { page = 1, perPage = all.length || 1 } = params.pagination ?? {};
    return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
  },

  async getOne(_resource: string, params: GetOneParams) {
    const banner = (await listBanners()).find((b) => String(b.id) === String(params.id));
    if (!banner) throw new HttpError(BANNER_NOT_FOUND, 404);
    return { data: banner };
  },

  /** A new banner is visible, at order 0, unless the form says otherwise. */
  async create(_resource: string, params: CreateParams) {
    const body = await callJson(routes.content.createBanner, [], {
      // The text is required: the form refuses a banner without it.
      body: { isActive: true, order: 0, ...bannerBody(params.data as Record<string, unknown>) } as BannerCreateRequest,
    });
    return { data: withId(body.data) };
  },

  async update(_resource: string, params: UpdateParams) {
    const body = await callJson(routes.content.updateBanner, [byId(params)], {
      body: bannerBody(params.data as Record<string, unknown>),
    });
    return { data: withId(body.data) };
  },

  delete: (_resource: string, params: DeleteParams) =>
    deleted(callJson(routes.content.deleteBanner, [byId(params)]), params),
});
