/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './build/app-manifest';
import { bootShellFirst } from './build/boot-shell-first';
import { firstPagesCommon } from './build/first-pages-chunk';
import { FIRST_PAGES } from './src/app/first-pages';

const api = 'http://localhost:3000';
/** A module's id in the build (its absolute path) from its path relative to web/. */
const moduleId = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The first bundle's entry and the first pages' route modules. */
const FIRST_PAGE_ROOTS = ['src/main.tsx', ...FIRST_PAGES.map((page) => page.module)].map(moduleId);
/** The console's own dev server (`npm run dev -w admin`); the real server serves it under /admin. */
const consoleDev = 'http://localhost:5174';

/**
 * Writes `.vite/first-pages.json` (read by the server, server/src/infrastructure/static/first-pages.ts):
 * for each page of src/app/first-pages.ts, the script chunks and stylesheets its lazy route
 * module needs besides what index.html already loads, and its first API reads. The build fails
 * when a listed module is not a lazy route module any more (renamed, moved, made eager).
 */
function firstPageHints(): Plugin {
  let base = '/';
  return {
    name: 'mazad-first-page-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      /** A chunk and every chunk it imports statically (what loads with it). */
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const cssOf = (files: Iterable<string>) =>
        new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return this.error('first-pages: the build has no entry chunk');
      const firstBundle = withImports(entry.fileName);
      const firstCss = cssOf(firstBundle);
      const pages = FIRST_PAGES.map((page) => {
        const id = moduleId(page.module);
        // The chunk holding the module, imported lazily by the first bundle (the router).
        const chunk = [...chunks.values()].find((c) => c.moduleIds.includes(id));
        const lazy =
          chunk && [...firstBundle].some((file) => chunks.get(file)?.dynamicImports.includes(chunk.fileName));
        if (!chunk || !lazy) return this.error(`first-pages: ${page.module} (${page.path}) is not a lazy route module`);
        const files = [...withImports(chunk.fileName)].filter((file) => !firstBundle.has(file));
        return {
          path: page.path,
          modulepreload: files.map((file) => base + file),
          stylesheets: [...cssOf(files)].filter((file) => !firstCss.has(file)).map((file) => base + file),
          api: page.api ?? [],
        };
      });
      this.emitFile({ type: 'asset', fileName: '.vite/first-pages.json', source: JSON.stringify({ pages }, null, 2) });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    firstPageHints(),
    bootShellFirst(),
    // Brotli (max quality) and gzip copies beside every text asset; the server sends them as they
    // are (server/src/infrastructure/static/front-ends.ts). Fonts and images are already compressed.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
    }),
    // The installable app (web/README.md, "Installable app"): the manifest, linked from
    // index.html, and the service worker /sw.js built from sw/sw.ts with Workbox's modules
    // and the precache list of the build's files. The page registers it itself, once the first
    // page has settled (src/lib/service-worker.ts), so no script is added to index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The icons are in the precache by the pattern below already.
      includeManifestIcons: false,
      manifest: appManifest(moduleId('src/styles/index.css')),
      injectManifest: {
        // The shell and what it loads (the plugin adds the manifest); not the precompressed
        // copies, not the server's hints file.
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
        globIgnores: ['icons/apple-touch-icon.png'],
      },
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
    // its own code only, in few files: on HTTP/1.1 a browser opens six connections to a host, and
    // each further file costs a round trip (Lighthouse's slow-4G simulation counts them too).
    // - `vendor`: React, the router and TanStack Query, which every page runs; one file that
    //   survives app deploys in the browser's cache (hashed names, served immutable).
    // - `common`: the app's own modules that the first pages share (API client, session, cards,
    //   dialogs, formatting): one file instead of a dozen of 1–5 KiB (build/first-pages-chunk.ts).
    // - `socket` loads after the first page (src/lib/socket.ts), `forms` with the forms,
    //   `schemas` (zod) with the forms that have one.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@tanstack)[\\/]/,
              priority: 30,
            },
            {
              name: 'socket',
              test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
              priority: 20,
            },
            // The bid forms (on the auction page) use react-hook-form without zod: zod, and the
            // resolvers that import it, are a chunk of their own for the forms with a schema.
            { name: 'forms', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/, priority: 20 },
            { name: 'schemas', test: /[\\/]node_modules[\\/](@hookform|zod)[\\/]/, priority: 20 },
            { name: firstPagesCommon(FIRST_PAGE_ROOTS), minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    testTimeout: 30_000,
    clearMocks: true,
    restoreMocks: true,
  },
});
