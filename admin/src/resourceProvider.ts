/**
 * What every resource's data provider shares: react-admin ids from the API's `_id`, the list
 * query (page, limit, sort, order, filters), the list total, and a refusal of the operations a
 * resource does not offer. Lists are paged, sorted and filtered by the server, which answers
 * the total in the body (`total`); a `Content-Range: items 0-24/319` header is read when a body
 * has none. A list answer without any total is a server defect and fails loudly instead of
 * being guessed.
 */
import {
  HttpError,
  type DataProvider,
  type DeleteParams,
  type GetListParams,
  type Identifier,
  type RaRecord,
} from 'react-admin';

/** Messages of failures the server cannot word (no call for that operation). */
export const UNSUPPORTED = 'هذه العملية غير متاحة في لوحة الإدارة';
export const MISSING_TOTAL = 'استجابة الخادم لا تتضمن العدد الإجمالي';

export const withId = <T extends { _id: string }>(record: T): T & RaRecord => ({ ...record, id: record._id });

/** The `:id` path parameter of a record's route. */
export const byId = (params: { id: Identifier }) => ({ id: String(params.id) });

/** `Content-Range: items 0-24/319` gives 319 (undefined when absent or when the total is unknown). */
export function totalFromContentRange(header: string | null): number | undefined {
  const match = header?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : undefined;
}

export function listTotal(body: { total?: unknown }, headers: Headers): number {
  if (typeof body.total === 'number') return body.total;
  const fromHeader = totalFromContentRange(headers.get('Content-Range'));
  if (fromHeader === undefined) throw new HttpError(MISSING_TOTAL, 500, body);
  return fromHeader;
}

/**
 * Query of an admin list (`Query`, the route's): page, limit, sort, order and the filters that
 * are set; the list's filter inputs are named after the route's query fields.
 */
export function listQuery<Query>(params: GetListParams, sortable = true): Query {
  const query: Record<string, string | number> = {};
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.page = page;
  query.limit = perPage;
  if (sortable && params.sort?.field) {
    query.sort = params.sort.field === 'id' ? '_id' : params.sort.field;
    query.order = params.sort.order === 'ASC' ? 'asc' : 'desc';
  }
  for (const [key, value] of Object.entries((params.filter ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = String(value);
  }
  return query as Query;
}

/** Only the fields a call accepts (the server refuses unknown ones with UNKNOWN_FIELD). */
export function pick<K extends string>(data: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) if (data[key] !== undefined) out[key] = data[key];
  return out;
}

/** A form's text: trimmed, and empty when the input was cleared (react-admin gives null then). */
export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Once the DELETE call is done, react-admin is answered the record it had. */
export async function deleted(removal: Promise<unknown>, params: DeleteParams) {
  await removal;
  return { data: params.previousData ?? { id: params.id } };
}

const refuse = () => Promise.reject(new HttpError(UNSUPPORTED, 400));

/** A provider that offers no operation: the base of every resource's provider. */
export const unsupportedProvider = {
  getList: refuse,
  getOne: refuse,
  getMany: refuse,
  getManyReference: refuse,
  create: refuse,
  update: refuse,
  updateMany: refuse,
  delete: refuse,
  deleteMany: refuse,
} satisfies DataProvider;

type StandardMethod = keyof typeof unsupportedProvider;

/** A provider method: the resource name first (react-admin's combineDataProviders routes by it). */
type Operation = (resource: string, params: never) => Promise<unknown>;

/** A resource's provider: its own operations and custom methods, react-admin's refusals for the rest. */
export type ResourceProvider<Methods> = Methods & Pick<DataProvider, Exclude<StandardMethod, keyof Methods>>;

/** The custom methods of a resource's provider (what react-admin's DataProvider does not name). */
export type CustomMethods<Provider> = Omit<Provider, StandardMethod>;

/**
 * A resource's provider: the operations it offers, with records typed as the resource's own,
 * and its custom methods; the other operations are refused in Arabic without a call.
 */
export function resourceProvider<Methods extends Record<string, Operation>>(
  methods: Methods,
): ResourceProvider<Methods> {
  return { ...unsupportedProvider, ...methods } as ResourceProvider<Methods>;
}
