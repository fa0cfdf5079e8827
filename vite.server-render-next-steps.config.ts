import { resolve } from 'node:path';
import { defineConfig, mergeConfig } from 'vite';
import serverRender from './vite.server-render.config.js';

/**
 * Next Steps' server render (issue 75): src/ssr/next-steps-render.tsx and everything it draws, as
 * one module for Node beside the portal's in dist/ssr/ (built after it, so the folder is kept), with
 * the portal's render's settings (vite.server-render.config.ts): the same message ids and catalogues
 * as the browser's build, every library bundled, no inspector.
 */
export default mergeConfig(
  serverRender,
  defineConfig({
    build: {
      ssr: resolve(import.meta.dirname, 'src/ssr/next-steps-render.tsx'),
      emptyOutDir: false,
    },
  }),
);
