import { expect, vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch with one answer (or a function of the call) and records the calls. */
type Answer = { status?: number; body?: unknown };

export function mockFetch(answer: Record<string, unknown> | unknown[] | ((call: Call) => Answer)) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const result: Answer = typeof answer === 'function' ? answer(call) : { status: 200, body: answer };
    const status = result.status ?? 200;
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The one call a test expects. */
export function onlyCall(calls: Call[]): Call {
  expect(calls).toHaveLength(1);
  return calls[0];
}
