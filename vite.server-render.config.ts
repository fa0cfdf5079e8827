import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { checks, componentPlugins, withoutInspector } from './vite.shared.config.js';

/**
 * The portal's server render (issue 75): src/ssr/portal-render.tsx and everything it draws, as one
 * module for Node in dist/ssr/, which the server imports when SERVER_RENDER is on
 * (server/html/server-render.ts). The same plugins, message ids and catalogues as the browser's
 * build (vite.shared.config.ts, vite.config.ts), so both draw the same text; no inspector (a server render
 * is no demo's panel).
 */
export default defineConfig({
  define: {
    'import.meta.env.VITE_STATECHARTS_INSPECTOR': JSON.stringify('0'),
    // React's production server renderer, whatever NODE_ENV the server runs under.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  plugins: componentPlugins([withoutInspector()]),
  // Every library in the one module: the server's production install need not hold the browser's.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(import.meta.dirname, 'src/ssr/portal-render.tsx'),
    outDir: 'dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: { checks, output: { codeSplitting: false } },
  },
});
