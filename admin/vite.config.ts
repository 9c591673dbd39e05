/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

export default defineConfig({
  // The server serves the console under /admin.
  base: '/admin/',
  plugins: [
    react(),
    // Brotli (max quality) and gzip copies beside every text asset, as the web app's build does;
    // the server sends them as they are (server/src/infrastructure/static/front-ends.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
    }),
  ],
  resolve: {
    alias: {
      '@mazad/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // react-admin and MUI are large by nature; the console is an operator tool.
    chunkSizeWarningLimit: 1500,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    testTimeout: 30_000,
    clearMocks: true,
    restoreMocks: true,
  },
});
