import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CREATE_ERROR } from '../lib/messages';
import { createAuction } from './create-auction';

/** A scripted XMLHttpRequest: records what was sent, then plays upload progress and an answer. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('POST /api/auctions with upload progress', () => {
  it('sends the multipart body with the bearer token and reports progress up to 1', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('token', 'abc');
    const progress: number[] = [];
    const form = new FormData();
    form.append('title', 'ساعة');
    const pending = createAuction(form, (p) => progress.push(p));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/auctions');
    expect(xhr.headers.Authorization).toBe('Bearer abc');
    expect(xhr.body).toBe(form);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { _id: 'new-id', title: 'ساعة' });
    await expect(pending).resolves.toMatchObject({ _id: 'new-id' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('turns an error body into an ApiError with the message, then the error, then the generic text', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const first = createAuction(new FormData());
    FakeXhr.last.answer(400, {
      statusCode: 400,
      message: 'عنوان المزاد مطلوب',
      errors: [{ field: 'title', message: 'عنوان المزاد مطلوب' }],
    });
    const error = await first.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('عنوان المزاد مطلوب');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body?.errors).toEqual([{ field: 'title', message: 'عنوان المزاد مطلوب' }]);

    const second = createAuction(new FormData());
    FakeXhr.last.answer(413, { statusCode: 413, error: 'حجم الصورة يجب ألا يتجاوز 5 ميغابايت' });
    await expect(second).rejects.toThrow('حجم الصورة يجب ألا يتجاوز 5 ميغابايت');

    const third = createAuction(new FormData());
    FakeXhr.last.answer(500, undefined);
    await expect(third).rejects.toThrow(CREATE_ERROR);
  });
});
