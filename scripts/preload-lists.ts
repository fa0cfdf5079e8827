import type { Plugin } from 'vite';

/** A chunk as the bundle lists it: its file and the chunks it imports statically. */
interface ChunkImports {
  type: string;
  imports?: readonly string[];
}

/** Every chunk `host` loads before it runs: its static imports, theirs, and so on. */
export function staticClosure(
  bundle: Readonly<Record<string, ChunkImports>>,
  host: string,
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const next of bundle[file]?.imports ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        visit(next);
      }
    }
  };
  visit(host);
  return seen;
}

/**
 * A lazy import's preload list without the chunks its importer has already loaded. Vite lists every
 * chunk a lazy chunk imports, the libraries and the contract's schemas the entry itself imports
 * included, in each import's list: about a hundred bytes gzip of the first route's entry chunk said
 * only what is already there (the browser would skip those preloads anyway). The bundle is read in
 * `generateBundle`, which Vite's own preload rewriting runs after (its build plugins come last).
 */
export function preloadLists(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Readonly<Record<string, ChunkImports>> = {};
  const closures = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'preload-lists',
      apply: 'build',
      generateBundle(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
    resolveDependencies(_file, deps, { hostId }) {
      let loaded = closures.get(hostId);
      if (!loaded) {
        loaded = staticClosure(bundle, hostId);
        closures.set(hostId, loaded);
      }
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
