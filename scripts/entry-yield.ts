import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** What the apps' entry chunks start with: their own code runs in a task after their imports'. */
export const ENTRY_YIELD = 'await new Promise((resolve) => setTimeout(resolve));';

/** The apps whose entry chunks yield: the portal and Next Steps pages (vite.config.ts inputs). */
const APPS = new Set(['portal', 'next-steps']);

/** `code` of an entry chunk with the yield first, and the map from the chunk to it. */
export function withEntryYield(code: string): {
  code: string;
  map: ReturnType<MagicString['generateMap']>;
} {
  const text = new MagicString(code);
  text.prepend(`${ENTRY_YIELD}\n`);
  return { code: text.toString(), map: text.generateMap({ hires: true }) };
}

/**
 * A page's module graph was evaluated in one task: the libraries' chunks, then the entry chunk's
 * own modules (the contract's schemas the first page reads, the machines, the pages' code), about
 * 230 ms on bench:load's phone profile, the longest task of a first load. An entry chunk that
 * begins with a top-level await of a timer runs its modules in a task of its own once its imports
 * have run, so the phone's main thread can paint and take input in between. Every browser the
 * portal supports evaluates top-level await in modules.
 */
export const entryYield = (): Plugin => ({
  name: 'entry-yield',
  apply: 'build',
  renderChunk(code, chunk) {
    return chunk.isEntry && APPS.has(chunk.name) ? withEntryYield(code) : null;
  },
});
