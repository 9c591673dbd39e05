/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';
/** The console's own dev server (`npm run dev -w admin`); the real server serves it under /admin. */
const consoleDev = 'http://localhost:5174';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Brotli (max quality) and gzip copies beside every text asset; the server sends them as they
    // are (server/src/infrastructure/static/front-ends.ts). Fonts and images are already compressed.
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
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
      // Only "/admin" and "/admin/…", not "/admin-login" (a route of this app).
      '^/admin(/|$)': { target: consoleDev, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every screen is a lazy route (src/app/router.tsx), so the first page loads the shell and
    // its own code only. Libraries get chunks of their own that survive app deploys in the
    // browser's cache (hashed names, served immutable); form libraries load with the forms.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            {
              name: 'socket',
              test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
              priority: 20,
            },
            { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    clearMocks: true,
    restoreMocks: true,
  },
});
