/**
 * The one HTTP client of the web app. It adds the bearer token from localStorage (`token`),
 * turns error bodies `{ statusCode, code, message, error }` into an `ApiError` carrying the
 * server's Arabic message, shows that message as a toast (unless `silent`), and on a 401 for
 * a request that carried a token, drops the session (guards then send the user to /login).
 */
import type { ApiErrorBody } from '@mazad/contracts';
import { toast } from '@/components/ui/toast-store';
import { storage, storageKeys } from './storage';

/** No answer at all: said for a person, whose connection is what they can check. */
export const NETWORK_ERROR_MESSAGE = 'تعذّر الاتصال بمزاد. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.';
export const TIMEOUT_MESSAGE = 'انتهت مهلة الاتصال بالخادم، يرجى المحاولة مرة أخرى';
export const GENERIC_ERROR_MESSAGE = 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً';

export type ApiErrorDetails = Partial<ApiErrorBody> & Record<string, unknown>;

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached or the request timed out. */
  readonly status: number;
  readonly code?: string;
  readonly body?: ApiErrorDetails;

  constructor(message: string, status: number, body?: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : undefined;
    this.body = body;
  }
}

/** The Arabic text to show for any thrown value. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  /** JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  query?: Query;
  /** Do not show a toast on failure (the caller shows the error itself, or ignores it). */
  silent?: boolean;
  /** Shown when the server answers an error without a message. */
  fallbackMessage?: string;
  /** Send the bearer token when there is one (default true). */
  auth?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const unauthorizedListeners = new Set<() => void>();

/** Called when a request made with a token is answered 401 (expired or revoked session). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);

  const fail = (error: ApiError): never => {
    if (!options.silent) toast.error(error.message);
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: controller.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause; // the caller cancelled: not an error to show
    return fail(new ApiError(timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, 0));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  throw errorAnswer(response.status, data, { ...options, signedIn: Boolean(token) });
}

/**
 * The ApiError of an error answer `{ statusCode, code, message, error }` — of an HTTP call, or
 * of a socket acknowledgement carrying the same body (bids over the socket) — handled as every
 * failure is: the server's Arabic text (else `fallbackMessage`), a toast unless `silent`, and a
 * 401 to a signed-in caller drops the session. Returns the error for the caller to throw.
 */
export function errorAnswer(
  status: number,
  data: unknown,
  options: Pick<RequestOptions, 'silent' | 'fallbackMessage'> & { signedIn: boolean },
): ApiError {
  const details = (data && typeof data === 'object' ? data : undefined) as ApiErrorDetails | undefined;
  const serverText = [details?.message, details?.error].find((v) => typeof v === 'string' && v.trim());
  const error = new ApiError(
    (serverText as string | undefined) ?? options.fallbackMessage ?? GENERIC_ERROR_MESSAGE,
    status,
    details,
  );
  if (status === 401 && options.signedIn) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (!options.silent) toast.error(error.message);
  return error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
