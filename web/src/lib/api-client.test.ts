import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from '@/components/ui/toast-store';
import { api, ApiError, NETWORK_ERROR_MESSAGE, onUnauthorized } from './api-client';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  toast.dismiss();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer token from localStorage and JSON bodies', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/x', { query: { page: 2, q: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?page=2');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("throws the server's Arabic message with status and code, and shows it as a toast", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            statusCode: 400,
            code: 'BID_TOO_LOW',
            message: 'يجب أن تكون المزايدة أعلى',
            error: 'يجب أن تكون المزايدة أعلى',
          },
          400,
        ),
      ),
    );
    const error = await api.post('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('يجب أن تكون المزايدة أعلى');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('BID_TOO_LOW');
    expect(toastStore.getSnapshot().map((t) => [t.kind, t.message])).toEqual([['error', 'يجب أن تكون المزايدة أعلى']]);
  });

  it('stays quiet when asked to be silent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'خطأ' }, 500)),
    );
    await expect(api.get('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastStore.getSnapshot()).toHaveLength(0);
  });

  it('reports an unreachable server in Arabic', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x', { silent: true })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('signals a 401 only for requests that carried a token', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ statusCode: 401, message: 'انتهت صلاحية الجلسة' }, 401)),
    );
    await api.post('/api/auth/login', {}, { silent: true }).catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    localStorage.setItem('token', 'expired');
    await api.get('/api/messages/unread-count', { silent: true }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });
});
