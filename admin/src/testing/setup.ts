import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// react-admin's first render can be slow on a busy machine: wait, don't flake.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
