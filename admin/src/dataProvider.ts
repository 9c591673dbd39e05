/**
 * The console's data provider for /api/admin/*. Every assumption about the admin API lives
 * in this file, so adjusting to the server is a change here only.
 *
 * Contract (built ahead of the server):
 *   getList   GET    /api/admin/{resource}?page=&limit=&sort=&order=asc|desc&q=&{other filters}
 *             → { data, total } | { {resource}: [...], total? | pagination.total? } | [...]
 *             Without a total the server is taken to answer the whole list: the console then
 *             searches (q), sorts and pages it itself.
 *   getOne    GET    /api/admin/{resource}/{id} → { data } | { {singular}: {...} } | {...}
 *   update    PUT    /api/admin/{resource}/{id} (body: the changed fields) → the record (any shape above)
 *   create    POST   /api/admin/{resource}
 *   delete    DELETE /api/admin/{resource}/{id}
 *   getStats  GET    /api/admin/stats → { totalUsers, totalAuctions, activeAuctions, soldAuctions, totalBids, totalRevenue }
 *   setUserPassword PUT /api/admin/users/{id}/password { newPassword }
 * Records are identified by `_id` (or `id`); react-admin gets `id`.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { requestJson } from './http';

export const API_BASE = '/api/admin';

export interface AdminStats {
  totalUsers: number;
  totalAuctions: number;
  activeAuctions: number;
  soldAuctions: number;
  totalBids: number;
  totalRevenue: number;
}

export interface MazadDataProvider extends DataProvider {
  getStats: () => Promise<AdminStats>;
  setUserPassword: (id: Identifier, newPassword: string) => Promise<unknown>;
}

type Json = Record<string, unknown>;

const SINGULAR: Record<string, string> = { users: 'user', auctions: 'auction', banners: 'banner' };

function withId(record: Json): RaRecord {
  return { ...record, id: (record.id ?? record._id) as Identifier };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array of records in a list answer, and the total when the server gave one. */
export function readList(resource: string, body: unknown): { rows: Json[]; total: number | undefined } {
  if (Array.isArray(body)) return { rows: body as Json[], total: undefined };
  if (!isObject(body)) return { rows: [], total: undefined };
  const rows = [body.data, body[resource], body.items, body.results].find(Array.isArray) as Json[] | undefined;
  const pagination = isObject(body.pagination) ? body.pagination : undefined;
  const total = [body.total, pagination?.total, body.count].find((v) => typeof v === 'number') as number | undefined;
  return { rows: rows ?? [], total };
}

/** One record from a single-record answer. */
export function readOne(resource: string, body: unknown): Json | undefined {
  if (!isObject(body)) return undefined;
  const wrapped = [body.data, body[SINGULAR[resource] ?? resource]].find(isObject);
  return (wrapped as Json | undefined) ?? (body._id !== undefined || body.id !== undefined ? body : undefined);
}

function get(record: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), record);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'ar');
}

/** Search, filter, sort and page a whole list in the browser (for answers without a total). */
export function pageLocally(rows: RaRecord[], params: GetListParams): { data: RaRecord[]; total: number } {
  const { q, ...filters } = (params.filter ?? {}) as Json;
  let result = rows;
  if (typeof q === 'string' && q.trim()) {
    const needle = q.trim().toLowerCase();
    result = result.filter((row) =>
      Object.values(row).some((value) => (typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(needle)),
    );
  }
  for (const [field, expected] of Object.entries(filters)) {
    if (expected === undefined || expected === '' || expected === null) continue;
    result = result.filter((row) => get(row, field) === expected);
  }
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === 'ASC' ? 1 : -1;
    result = [...result].sort((a, b) => direction * compare(get(a, sort.field), get(b, sort.field)));
  }
  const total = result.length;
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? total;
  return { data: result.slice((page - 1) * perPage, page * perPage), total };
}

export function listQuery(params: GetListParams): URLSearchParams {
  const query = new URLSearchParams();
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.set('page', String(page));
  query.set('limit', String(perPage));
  if (params.sort?.field) {
    query.set('sort', params.sort.field === 'id' ? '_id' : params.sort.field);
    query.set('order', params.sort.order === 'ASC' ? 'asc' : 'desc');
  }
  for (const [key, value] of Object.entries((params.filter ?? {}) as Json)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  return query;
}

const url = (resource: string, id?: Identifier) => `${API_BASE}/${encodeURIComponent(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

export function createDataProvider(): MazadDataProvider {
  const provider: MazadDataProvider = {
    async getList(resource, params) {
      const body = await requestJson(`${url(resource)}?${listQuery(params)}`);
      const { rows, total } = readList(resource, body);
      const records = rows.map(withId);
      if (total === undefined) return pageLocally(records, params) as never;
      return { data: records, total } as never;
    },

    async getOne(resource, params) {
      const body = await requestJson(url(resource, params.id));
      const record = readOne(resource, body);
      if (!record) throw new Error('ra.notification.item_doesnt_exist');
      return { data: withId(record) } as never;
    },

    async getMany(resource, params) {
      const records = await Promise.all(params.ids.map((id) => provider.getOne(resource, { id }).then((r) => r.data)));
      return { data: records } as never;
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async update(resource, params) {
      const body = await requestJson(url(resource, params.id), { method: 'PUT', body: params.data });
      const record = readOne(resource, body);
      return { data: withId(record ?? { ...params.previousData, ...params.data, id: params.id }) } as never;
    },

    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => requestJson(url(resource, id), { method: 'PUT', body: params.data })));
      return { data: params.ids };
    },

    async create(resource, params) {
      const body = await requestJson(url(resource), { method: 'POST', body: params.data });
      const record = readOne(resource, body);
      return { data: withId(record ?? params.data) } as never;
    },

    async delete(resource, params) {
      await requestJson(url(resource, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => requestJson(url(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },

    async getStats() {
      // { ...stats }, or wrapped as { data } / { stats }.
      const body = await requestJson<unknown>(`${API_BASE}/stats`);
      const outer = isObject(body) ? body : {};
      const stats = (isObject(outer.data) ? outer.data : isObject(outer.stats) ? outer.stats : outer) as Partial<AdminStats>;
      const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
      return {
        totalUsers: n(stats.totalUsers),
        totalAuctions: n(stats.totalAuctions),
        activeAuctions: n(stats.activeAuctions),
        soldAuctions: n(stats.soldAuctions),
        totalBids: n(stats.totalBids),
        totalRevenue: n(stats.totalRevenue),
      };
    },

    setUserPassword(id, newPassword) {
      return requestJson(`${url('users', id)}/password`, { method: 'PUT', body: { newPassword } });
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
