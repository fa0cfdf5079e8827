import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const chunkSchema = z.object({
  file: z.string(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
export type Manifest = z.infer<typeof manifestSchema>;

export const readManifest = (file = 'dist/bundle-manifest.json'): Manifest =>
  manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

/**
 * Dynamic imports the portal starts as soon as its code runs, for `/`: the dashboard's blocks and
 * the blocks pages share (src/pages/portal/dashboard/blocks/, src/pages/portal/shared/blocks/).
 * The pages' chunks (src/routes/portal/page-routes.ts) load only when their route is visited or a link
 * to it is hovered or focused, the auto-linker only with a message that has an address to link, and
 * DOMPurify (src/lib/html.ts) only in a browser without the HTML Sanitizer API and only for a post
 * body outside the content allow-list, which the server never stores (src/lib/within-policy.ts), so
 * they are not part of `/`. A chunk that does load at start must be named here, or the budget would
 * not see it.
 */
const loadsAtStart = (key: string) =>
  (key.startsWith('src/pages/portal/dashboard/blocks/') ||
    key.startsWith('src/pages/portal/shared/blocks/')) &&
  !LOADS_WHEN_IDLE.has(key);

/**
 * The blocks whose code the dashboard loads when the browser is idle after the first screen
 * (src/lib/idle-part.tsx; the server draws them whole): not part of `/`.
 */
const LOADS_WHEN_IDLE = new Set(['src/pages/portal/shared/blocks/event-calendar-block.tsx']);

/** The JavaScript files of `from`, what it imports statically, and the dynamic imports `follow` names. */
function reachable(manifest: Manifest, from: string, follow: (key: string) => boolean): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.filter(follow).forEach(visit);
  };
  visit(from);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** Every chunk file the browser loads for `/` (a signed-in student): the entry's static graph and what it starts. */
export const firstRouteFiles = (manifest: Manifest, entry = 'index.html'): string[] =>
  reachable(manifest, entry, loadsAtStart);

/** The files of one chunk and what it imports statically, which load with it. */
export const chunkFiles = (manifest: Manifest, key: string): string[] =>
  reachable(manifest, key, () => false);

export const gzipBytes = (client: string, files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(client, f))).length, 0);
