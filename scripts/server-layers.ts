// The server's layers (docs/architecture.md, "The server's folders"): a file imports from its own
// layer and the layers below it, never from one above (value imports, re-exports and dynamic
// imports; `import type` is free, as in import-cycles.ts). Every file of server/ belongs to a layer,
// so a new folder has to be placed. `npm run lint` runs it; exits 1 on an upward import not owed,
// or on a file of no layer.
import path from 'node:path';
import { edgesOf, sourceFiles } from './import-graph.js';

/** Lowest first. A folder (`server/db`) holds every file under it; a file is named alone. */
export const LAYERS: readonly { name: string; holds: readonly string[] }[] = [
  {
    name: 'foundation: the contract, configuration, time, the cache and outbound network',
    holds: [
      'contract',
      'server/types',
      'server/config',
      'server/config.ts',
      'server/cache',
      'server/net',
      'server/i18n',
      'server/time.ts',
      'server/date-fns.ts',
      'server/plain-text.ts',
      'server/log-redaction.ts',
      'server/supported-node.ts',
      // A variant's settings half (docs/architecture.md, "Variants"): the configuration reads it.
      'server/sis/adapters/settings.ts',
      'server/sis/adapters/*/settings.ts',
      'server/coursework/sources/settings.ts',
      'server/coursework/sources/*/settings.ts',
    ],
  },
  { name: 'the store', holds: ['server/db'] },
  {
    name: 'domains',
    holds: [
      'server/auth',
      'server/sis',
      'server/sources',
      'server/calendar',
      'server/content',
      'server/coursework',
      'server/demo',
      'server/feeds',
      'server/inbound',
      'server/changes',
      'server/media',
      'server/messages',
      'server/next-steps',
      'server/notify',
      'server/search',
      'server/delegates',
      'server/payments',
    ],
  },
  {
    name: 'the web layer: plugins, routes, pages and metrics',
    holds: [
      'server/plugins',
      'server/routes',
      'server/html',
      'server/admin',
      'server/openapi',
      'server/metrics',
      'server/request-logger.ts',
      'server/log-stream.ts',
    ],
  },
  {
    name: 'processes: the app, the server and the command-line tools',
    holds: [
      'server/app.ts',
      'server/server.ts',
      'server/preflight.ts',
      'server/preflight-probes.ts',
      'server/startup-report.ts',
      'server/store-backup.ts',
      'server/store-seed.ts',
      'server/sis-check.ts',
      'server/token-file.ts',
      'server/samples-cli.ts',
      'server/publishers-cli.ts',
    ],
  },
];

/**
 * Upward imports there today, `from → to`: the debt still to pay, named. An entry may only go: the
 * check fails on an upward import not listed, and on a listed one that is gone (its entry then
 * leaves this list).
 */
export const OWED: readonly string[] = [];

/** Whether `held` (a folder, a file, or a file with `*` for one folder's name) holds `file`. */
function holdsFile(held: string, file: string): boolean {
  if (!held.includes('*')) return file === held || file.startsWith(`${held}/`);
  const parts = held.split('/');
  const names = file.split('/');
  return parts.length === names.length && parts.every((p, i) => p === '*' || p === names[i]);
}

/** The layer (its index in LAYERS) of a file, by its path relative to the tree; -1 for none. */
export function layerOf(file: string): number {
  return LAYERS.findIndex(({ holds }) => holds.some((held) => holdsFile(held, file)));
}

/** What the check finds: files of no layer, upward imports not owed, owed ones that are gone. */
export function layerProblems(
  edges: readonly { from: string; to: string }[],
  files: readonly string[],
  owed: readonly string[] = OWED,
): string[] {
  const problems = files
    .filter((file) => layerOf(file) === -1)
    .map((file) => `${file}: in no layer (add its folder to LAYERS in scripts/server-layers.ts)`);
  const upward = new Set(
    edges
      .filter(({ from, to }) => layerOf(from) < layerOf(to))
      .map(({ from, to }) => `${from} → ${to}`),
  );
  for (const edge of upward) {
    if (!owed.includes(edge)) {
      const [from = '', to = ''] = edge.split(' → ');
      problems.push(
        `${edge}: an import up from ${LAYERS[layerOf(from)]?.name} to ${LAYERS[layerOf(to)]?.name}`,
      );
    }
  }
  for (const edge of owed) {
    if (!upward.has(edge))
      problems.push(`${edge}: gone; take it off OWED in scripts/server-layers.ts`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = ['server', 'contract'].flatMap((root) => sourceFiles(path.resolve(root)));
  const known = new Set(files);
  const rel = (file: string) => path.relative(process.cwd(), file);
  const edges = files.flatMap((file) =>
    edgesOf(file, known).map(({ to }) => ({ from: rel(file), to: rel(to) })),
  );
  const problems = layerProblems(edges, files.map(rel));
  for (const problem of problems) console.error(problem);
  console.log(
    `server layers: ${problems.length} problem(s) in ${files.length} files; ${OWED.length} upward import(s) owed`,
  );
  process.exit(problems.length ? 1 : 0);
}
