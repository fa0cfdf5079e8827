import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { criticalCss } from './scripts/critical-css.js';
import { stylesheetsFirst } from './scripts/stylesheets-first.js';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema.js';

const backend = process.env.VITE_BACKEND ?? 'http://127.0.0.1:8080';

/** In `npm run dev`, deep Next Steps paths load the Next Steps page, as the server does. */
const nextStepsFallback = (): Plugin => ({
  name: 'next-steps-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? '';
      if (/^\/next-steps(\/(?!api\/)[^.]*)?(\?.*)?$/.test(url)) req.url = '/next-steps/index.html';
      next();
    });
  },
});

/** Moves the build manifest from dist/client/.vite to dist/, beside the served folder. */
const manifestOutside = (): Plugin => ({
  name: 'manifest-outside',
  apply: 'build',
  closeBundle() {
    const dir = resolve(import.meta.dirname, 'dist/client/.vite');
    mkdirSync(resolve(import.meta.dirname, 'dist'), { recursive: true });
    renameSync(
      resolve(dir, 'manifest.json'),
      resolve(import.meta.dirname, 'dist/bundle-manifest.json'),
    );
    rmSync(dir, { recursive: true, force: true });
  },
});

export default defineConfig({
  plugins: [
    react(),
    nextStepsFallback(),
    manifestOutside(),
    zodWithoutJsonSchema(),
    stylesheetsFirst(),
    criticalCss(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for error reports but never linked from the bundles; the server does not serve
    // them in production (server/plugins/client.ts).
    sourcemap: 'hidden',
    // Every browser the portal supports knows `<link rel="modulepreload">`: the polyfill (about
    // 0.4 kB gzip on the first route) only cost evaluation time on a phone.
    modulePreload: { polyfill: false },
    // Which chunk imports which, for the first-route budget (bench/bundle.bench.ts); moved out of
    // the client folder once written (manifestOutside), so it is never served.
    manifest: true,
    rollupOptions: {
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        'next-steps': resolve(import.meta.dirname, 'next-steps/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/next-steps/api': backend,
      '/auth': backend,
      '/admin': backend,
      '/healthz': backend,
    },
  },
});
