/**
 * Whether this build carries the statecharts inspector (issue 49): in development, and in a build
 * made with VITE_STATECHARTS_INSPECTOR=1 for a demo deployment (`npm run build:demo`). Both are
 * constants at build time (vite.config.ts defines the variable), so a production build without demo
 * mode folds every check of this to false and holds none of the inspector's code.
 */
export const INSPECTOR_BUILT: boolean =
  import.meta.env.DEV || import.meta.env.VITE_STATECHARTS_INSPECTOR === '1';
