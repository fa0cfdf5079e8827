import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The page module each portal path loads, by its source file (src/routes/portal/page-routes.ts's
 * `import()`s; tests/server/html/page-preloads.test.ts holds the two lists together). The dashboard
 * is in the first route itself.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/academics': 'src/pages/portal/academics/academics-container.tsx',
  '/account': 'src/pages/portal/account/account-container.tsx',
  '/finances': 'src/pages/portal/finances/finances-container.tsx',
  '/map': 'src/pages/portal/map/map-container.tsx',
  '/community': 'src/pages/portal/community/community-container.tsx',
  '/messages': 'src/pages/portal/messages/messages-container.tsx',
  '/search': 'src/pages/portal/search/search-container.tsx',
};

/** The parts of Vite's build manifest (dist/bundle-manifest.json) read here. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** A chunk and every chunk it imports statically, once each. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * For each path of `PAGE_MODULES`, the links that fetch its page's code and styles with the page
 * (issue 63): without them the page's chunk is asked for only once the first route has run and the
 * router has matched the path, a round trip after the scripts. The chunks the first route already
 * loads are left out; the styles are preloaded, not applied (the page's code applies them, as Vite
 * does, and finds them fetched).
 */
export function pagePreloads(manifest: Manifest, entry = 'index.html'): Map<string, string> {
  const first = closure(manifest, entry);
  const links = new Map<string, string>();
  for (const [pathname, source] of Object.entries(PAGE_MODULES)) {
    const chunks = [...closure(manifest, source)].filter((key) => !first.has(key));
    if (chunks.length === 0) continue;
    const tags = chunks.flatMap((key) => {
      const { file, css = [] } = manifest[key] ?? { file: '' };
      return [
        `<link rel="modulepreload" crossorigin href="/${file}">`,
        ...css.map((sheet) => `<link rel="preload" as="style" crossorigin href="/${sheet}">`),
      ];
    });
    links.set(pathname, tags.join('\n    '));
  }
  return links;
}

/**
 * Where a client build's manifest is kept, beside the folder it serves (vite.config.ts moves it
 * there): dist/client's as dist/bundle-manifest.json, another's (the demo build's dist/demo-client)
 * as dist/<folder>-manifest.json. A server serving the demo build preloads the demo build's chunks.
 */
export function manifestBeside(clientDir: string): string {
  const folder = path.basename(clientDir);
  const name = folder === 'client' ? 'bundle-manifest.json' : `${folder}-manifest.json`;
  return path.join(path.dirname(clientDir), name);
}

/** The links from a build's manifest (`manifestBeside`), or none before a build. */
export function builtPagePreloads(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map<string, string>();
  const manifest = manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return manifest.success ? pagePreloads(manifest.data) : new Map<string, string>();
}
