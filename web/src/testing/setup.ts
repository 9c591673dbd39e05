import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '@/components/ui/toast-store';
import { resetFakeSocket } from './fake-socket';

// Lazy routes load on first visit and can be slow on a busy machine: wait, don't flake.
configure({ asyncUtilTimeout: 5000 });

// No real network in unit tests: the socket is an in-memory fake and console hand-overs are recorded.
vi.mock('@/lib/socket', async () => {
  const { fakeSocket } = await import('./fake-socket');
  return {
    useSocket: () => fakeSocket,
    currentSocket: () => fakeSocket,
    loadSocket: () => Promise.resolve(fakeSocket),
    refreshSocketAuth: vi.fn(),
    SOCKET_OPTIONS: {},
  };
});
vi.mock('@/lib/console', () => ({ goToConsole: vi.fn() }));

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  toast.dismiss();
  resetFakeSocket();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
