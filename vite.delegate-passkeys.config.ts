import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The delegate pages' passkey script (issue 73): src/delegate/passkeys.ts with
 * `@simplewebauthn/browser` and its contract schemas, one module at dist/client/delegate-passkeys.js,
 * loaded by the server-rendered delegate pages alone (server/routes/delegate/delegate-pages.tsx):
 * none of it is in either app or on the first route. Built after the apps, into their folder.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    sourcemap: 'hidden',
    // A library build leaves its module unminified unless told.
    minify: true,
    lib: {
      entry: resolve(import.meta.dirname, 'src/delegate/passkeys.ts'),
      formats: ['es'],
      fileName: () => 'delegate-passkeys.js',
    },
  },
});
