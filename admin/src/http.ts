/** The console's HTTP helper: admin bearer token, JSON, Arabic errors as react-admin HttpErrors. */
import { path, type PathArgs, type RequestOf, type ResponseOf, type Route } from '@mazad/contracts';
import { HttpError } from 'react-admin';

export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_USER_KEY = 'adminUser';

export const NETWORK_ERROR = 'تعذّر الاتصال بمزاد. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.';
export const GENERIC_ERROR = 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً';

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** A multipart body (image uploads); the browser sets its Content-Type. */
  form?: FormData;
  /** Send the admin bearer token (default true). */
  auth?: boolean;
  /** Send this bearer token instead (the member site's, exchanged for an admin session). */
  token?: string;
}

/**
 * Fetches JSON from the API, with the response headers (for a `Content-Range` total); errors
 * carry the server's Arabic message and the HTTP status.
 */
async function request<T>(url: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? (options.auth === false ? null : getAdminToken());
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  } catch {
    throw new HttpError(NETWORK_ERROR, 0);
  }

  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; error?: unknown };
    const message = [body.message, body.error].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
    throw new HttpError(message ?? GENERIC_ERROR, response.status, data);
  }
  return { data: data as T, headers: response.headers };
}

/** Options of a call of the route table: its body typed by the route, never its method. */
export type CallOptions<R extends Route> = Omit<RequestOptions, 'method' | 'body'> & { body?: RequestOf<R> };

/**
 * One call of the API's route table (`routes.admin.users`): its method, its path filled and
 * encoded from `args` (path parameters, then query), its answer typed, with the headers.
 */
export function call<R extends Route>(
  route: R,
  args: PathArgs<R>,
  options: CallOptions<R> = {},
): Promise<{ data: ResponseOf<R>; headers: Headers }> {
  return request<ResponseOf<R>>(path(route, ...args), { ...options, method: route.method });
}

/** Like call, the answer's body alone. */
export async function callJson<R extends Route>(
  route: R,
  args: PathArgs<R>,
  options: CallOptions<R> = {},
): Promise<ResponseOf<R>> {
  return (await call(route, args, options)).data;
}
