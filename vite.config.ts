import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { manifestBeside } from './server/html/page-preloads.js';
import { criticalCss } from './scripts/critical-css.js';
import { entryYield } from './scripts/entry-yield.js';
import { inlineTheme } from './scripts/inline-theme.js';
import { preloadLists } from './scripts/preload-lists.js';
import { stylesheetsFirst } from './scripts/stylesheets-first.js';
import { checks, componentPlugins, withoutInspector } from './vite.shared.config.js';

/** Lazy imports' preload lists, without what their importer has loaded already. */
const preload = preloadLists();

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

/**
 * Moves the build manifest from <outDir>/.vite to beside the served folder, where the server reads
 * it (`manifestBeside`): dist/client's as bundle-manifest.json, another folder's (the demo build's)
 * as <folder>-manifest.json.
 */
const manifestOutside = (): Plugin => {
  let outDir = resolve(import.meta.dirname, 'dist/client');
  return {
    name: 'manifest-outside',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const dir = resolve(outDir, '.vite');
      const kept = manifestBeside(outDir);
      mkdirSync(dirname(kept), { recursive: true });
      renameSync(resolve(dir, 'manifest.json'), kept);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * The statecharts inspector (issue 49) is in development builds, and in a production build only
 * with VITE_STATECHARTS_INSPECTOR=1 (`npm run build:demo`, for a demo deployment): a constant, so
 * a build without it folds src/inspector/enabled.ts to false and holds none of its code.
 */
const inspector = process.env.VITE_STATECHARTS_INSPECTOR === '1' ? '1' : '0';

/**
 * The service worker's build, which vite-plugin-pwa configures: the same checks as the apps', and one
 * file by `codeSplitting: false`, not by Rollup's `inlineDynamicImports`, which Rolldown deprecates
 * (a warning on every build) in favour of that.
 */
const workerBuild = (): Plugin => ({
  name: 'worker-build',
  config(config) {
    const options = config.build?.rollupOptions;
    if (!options) return;
    Object.assign(options, { checks });
    const { output } = options;
    if (output && !Array.isArray(output) && output.inlineDynamicImports) {
      delete output.inlineDynamicImports;
      output.codeSplitting = false;
    }
  },
});

export default defineConfig({
  define: { 'import.meta.env.VITE_STATECHARTS_INSPECTOR': JSON.stringify(inspector) },
  plugins: [
    // The same components, text and zod as the server render's build (vite.shared.config.ts).
    ...componentPlugins([inspector === '1' ? null : withoutInspector(), preload.plugin]),
    nextStepsFallback(),
    manifestOutside(),
    stylesheetsFirst(),
    entryYield(),
    criticalCss(),
    inlineTheme(),
    // The one service worker (worker/sw.ts, issue 44), its precache list injected at build time.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'es',
        buildPlugins: { vite: [workerBuild()] },
        // Both apps' shells: their pages, hashed scripts and styles, and the theme script, with the
        // pages, each of which opens offline (saying "Not available offline" where nothing was
        // kept): what the installed app needs offline. Not the sample images, the maps or the
        // precompressed copies. Every built script stays: a page not visited must open offline, and
        // which of its chunks it needs (DOMPurify, the auto-linker, the layout machine) depends on
        // the page's content (issue 63's smaller precache left Resources unable to open offline).
        globPatterns: ['index.html', 'next-steps/index.html', 'assets/*.{js,css}', 'theme.js'],
        globIgnores: [
          'assets/prod-*.js',
          '**/*.map',
          '**/*.gz',
          '**/*.br',
          'sw.js',
          'next-steps/sw.js',
        ],
        maximumFileSizeToCacheInBytes: 1_000_000,
        // The server answers the pages at their addresses (with the campus configuration), never
        // as .html files: they are kept under the addresses the app navigates to.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) => ({
              ...entry,
              url:
                entry.url === 'index.html'
                  ? '/'
                  : entry.url === 'next-steps/index.html'
                    ? '/next-steps/'
                    : `/${entry.url}`,
            })),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for error reports but never linked from the bundles; the server does not serve
    // them in production (server/plugins/client.ts).
    sourcemap: 'hidden',
    // Every browser the portal supports knows `<link rel="modulepreload">`: the polyfill (about
    // 0.4 kB gzip on the first route) only cost evaluation time on a phone.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    // Which chunk imports which, for the first-route budget (bench/bundle.bench.ts); moved out of
    // the client folder once written (manifestOutside), so it is never served.
    manifest: true,
    rollupOptions: {
      checks,
      input: {
        portal: resolve(import.meta.dirname, 'index.html'),
        'next-steps': resolve(import.meta.dirname, 'next-steps/index.html'),
      },
      // The libraries both apps' first screens load, in one chunk: split by which lazy chunks import
      // which of their modules, XState alone came to two chunks and 1.5 kB gzip more on the first
      // route when the worker's actors joined the apps' systems (bench/README.md). zod with them:
      // both first screens parse with it, and a chunk of its own was one file more on each.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store|@tanstack|@lingui|ky|zod)[\\/]/,
            },
          ],
        },
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
