import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { keyBytes } from './api/push-device';
import { PushPrompt } from './components/push-prompt';
import { closePushOffer, offerPushAfterEngagement, PUSH_NOT_NOW_KEY } from './lib/push-offer';

const PUBLIC_KEY = 'BKauqToQXiKVRT_WoGxIEz0B_mY3JxTseaFmFwxVE0KporFEo45KWj1CoIBDPpHpPFSuKmE0Holu73_28bvVvUM';
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/device-1',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser with push: its permission state, its answer to requestPermission, a pushManager. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const Notification = { permission, requestPermission: vi.fn(() => Promise.resolve(answer)) };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  const subscribe = vi.fn(() => Promise.resolve({ toJSON: () => SUBSCRIPTION_JSON }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { subscribe, getSubscription: () => Promise.resolve(null) } }) },
  });
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.endsWith('/vapid-public-key') ? Response.json({ publicKey: PUBLIC_KEY }) : Response.json({ subscribed: true }),
  );
  vi.stubGlobal('fetch', fetch);
  return { Notification, subscribe, fetch };
}

describe('the offer to turn push on', () => {
  beforeEach(() => storage.remove(PUSH_NOT_NOW_KEY));
  afterEach(() => {
    act(() => closePushOffer());
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is never shown on arrival, only after a first bid or watch', () => {
    browserWithPush('default');
    render(<PushPrompt />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => offerPushAfterEngagement());
    expect(screen.getByRole('dialog')).toHaveTextContent('يتجاوز أحدٌ مزايدتك');
    expect(screen.getByRole('button', { name: 'تفعيل' })).toHaveFocus();
  });

  it('"ليس الآن" closes it and is remembered: a later bid offers nothing', () => {
    const { Notification } = browserWithPush('default');
    render(<PushPrompt />);
    act(() => offerPushAfterEngagement());
    fireEvent.click(screen.getByRole('button', { name: 'ليس الآن' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storage.get(PUSH_NOT_NOW_KEY)).not.toBeNull();
    act(() => offerPushAfterEngagement());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('is not shown once the browser permission was decided, nor where push is not supported', () => {
    browserWithPush('denied');
    render(<PushPrompt />);
    act(() => offerPushAfterEngagement());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    act(() => offerPushAfterEngagement());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"تفعيل" asks permission, subscribes with the server key and posts the subscription', async () => {
    const { Notification, subscribe, fetch } = browserWithPush('default');
    render(<PushPrompt />);
    act(() => offerPushAfterEngagement());
    fireEvent.click(screen.getByRole('button', { name: 'تفعيل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(PUBLIC_KEY) });
    const post = fetch.mock.calls.find(([url]) => url.endsWith('/api/push/subscriptions'));
    expect(post?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual(SUBSCRIPTION_JSON);
  });

  it('a refused permission subscribes nothing', async () => {
    const { subscribe, fetch } = browserWithPush('default', 'denied');
    render(<PushPrompt />);
    act(() => offerPushAfterEngagement());
    fireEvent.click(screen.getByRole('button', { name: 'تفعيل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('keyBytes', () => {
  it('decodes the base64url VAPID key into its 65 bytes (uncompressed P-256 point)', () => {
    const bytes = keyBytes(PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
