import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import type { Plugin, PluginOption } from 'vite';
import {
  linguiPreset,
  shortCatalogueIds,
  sourceShortIds,
} from './scripts/lingui-english-inline.js';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema.js';

/**
 * What the browser's build (vite.config.ts) and the server render's (vite.server-render.config.ts,
 * issue 75) share, so both draw the same components with the same text: React, the Lingui macros and
 * catalogues under the same short message ids, zod without its JSON Schema code, and the inspector
 * left out where the build does not carry it.
 */

// Babel runs only for the files that import a Lingui macro (the preset's filter): its notice that a
// native transform exists is not news on each start.
process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';

/** The apps' message ids, shortened in the code and the catalogues alike (issue 63). */
const messageIds = sourceShortIds();

/**
 * React and the message catalogue (issue 59): the macros compiled where a file imports them, the PO
 * catalogues compiled at build time into plain modules (no message parser in the browser), and zod's
 * JSON Schema code left out; `beforeReact` first (the browser's preload lists).
 */
export const componentPlugins = (beforeReact: PluginOption[] = []): PluginOption[] => [
  ...beforeReact,
  react(),
  babel({ presets: [linguiPreset(messageIds)] }),
  lingui(),
  shortCatalogueIds(messageIds),
  zodWithoutJsonSchema(),
];

/**
 * A build without the statecharts inspector (issue 49) loads its two entry points as stubs: its
 * checks fold to false and drop them, but the bundler would still emit the panel's chunk for the
 * control's dynamic import.
 */
export const withoutInspector = (): Plugin => ({
  name: 'without-inspector',
  apply: 'build',
  enforce: 'pre',
  load(id) {
    if (id.endsWith('/src/inspector/control.tsx'))
      return 'export const StatechartsControl = () => null;';
    if (id.endsWith('/src/inspector/observer.ts')) {
      return 'export const watchSystem = () => {};\nexport const observe = () => {};';
    }
    return null;
  },
});

/**
 * Rolldown's report of plugins that took long, printed when a build on a busy machine is slow: it
 * says which of these plugins cost time, not that anything is wrong, so it is off
 * (`checks.bundlerTimings`).
 */
export const checks = { bundlerTimings: false };
