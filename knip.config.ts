import type { KnipConfig } from 'knip';

/**
 * `npm run lint:dead`: files, exports and dependencies nothing uses. Knip's own plugins bring most
 * entries: Vite (index.html and next-steps/index.html, so src/main.tsx and src/next-steps.tsx),
 * Vitest (the tests), Playwright (e2e/), ESLint, Prettier, and package.json's scripts. Listed here:
 * what starts some other way.
 */
const config: KnipConfig = {
  entry: [
    // The server's processes and its worker threads (loaded by file URL, not imported).
    'server/server.ts',
    'server/store-backup.ts',
    'server/samples-cli.ts',
    'server/sis-check.ts',
    // The Ethos double run on its own (for sis:check by hand and the e2e server).
    'tests/fake-ethos/serve.ts',
    'server/**/*worker.ts',
    // Loaded by folder (@fastify/autoload, server/app.ts): the plugins, every route file and each
    // protected folder's hook file; and the route folders the route-folder test loads.
    'server/plugins/{external,app}/*.ts',
    'server/routes/**/{*.routes,autohooks}.{ts,tsx}',
    'tests/server/fixtures/route-folders/**/*.ts',
    // Each migration is loaded as a module by migrations/index.ts, which calls its `up`.
    'server/db/migrations/[0-9]*.ts',
    // Each app's router type, registered by declaration (tsconfig.portal.json, tsconfig.next-steps.json).
    'src/routes/*/register.ts',
    // The server render's bundles (issue 75): built by vite.server-render.config.ts and
    // vite.server-render-next-steps.config.ts, loaded by file URL.
    'src/ssr/portal-render.tsx',
    'src/ssr/next-steps-render.tsx',
    // Served as they are: the theme script index.html names, and Next Steps' former worker, which retires itself.
    'public/**/*.js',
    // Run by hand (`npx tsx bench/load-trace.ts`, `node scripts/content-images.mjs`: each names
    // itself in its header and in its folder's README), or by another tool (Stryker's Vitest config).
    'bench/*.{ts,mjs}',
    'scripts/*.{ts,mjs}',
    'tests/server/upgrade/fixtures/make-fixtures.mjs',
    'vitest.mutants.config.ts',
  ],
  project: [
    '{contract,src,server,scripts,bench,tests,e2e,public}/**/*.{ts,tsx,js,mjs}',
    '*.{ts,js}',
  ],
  // An export its own file uses is not dead code, only exported.
  ignoreExportsUsedInFile: true,
  ignoreIssues: {
    // contract/ names the inferred type of every API body and answer beside its schema
    // (ARCHITECTURE.md), whether or not a caller spells it today.
    'contract/**': ['types'],
  },
  // Tools of the machine, not packages: CPU pinning in the benchmarks, certificates, PostgreSQL,
  // Kustomize's rendering of the Kubernetes manifests (tests/deploy/kubernetes.test.ts).
  ignoreBinaries: ['taskset', 'openssl', 'psql', 'pg_dump', 'kubectl'],
};

export default config;
