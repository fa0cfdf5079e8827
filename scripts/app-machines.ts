// Which machine files the apps run: for `npm run statecharts:coverage`, which counts only those. A
// machine is run when a file the apps load (from their entries, through every import, dynamic ones
// included) imports it as a value, or a machine that is run does (an invoked or spawned child).
// Imports for types, or of a machine file's selectors alone, make nothing; nor do tests or scripts.
import './lingui-macro-node.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { edgesOf, sourceFiles } from './import-graph.js';
import type { Edge } from './import-graph.js';

/**
 * The machine files the apps run, of those `machineExports` names (file → its exported names that
 * are machines or machine factories), found from the apps' `entries` through the files of `root`.
 */
export function machinesTheAppsRun(
  root: string,
  entries: readonly string[],
  machineExports: ReadonlyMap<string, ReadonlySet<string>>,
): Set<string> {
  const files = sourceFiles(path.resolve(root)).map((f) => path.resolve(f));
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, edgesOf(f, known)]));
  const exportsOf = new Map(
    [...machineExports].map(([file, names]) => [path.resolve(file), names] as const),
  );
  const makesMachine = (edge: Edge) => {
    const names = exportsOf.get(edge.to);
    return !!names && (edge.names.has('*') || [...names].some((n) => edge.names.has(n)));
  };

  // What the apps load, and which machine files a loaded file that is no machine itself makes.
  const loaded = new Set<string>();
  const run = new Set<string>();
  const queue = entries.map((e) => path.resolve(e));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const edge of edges.get(file) ?? []) {
      queue.push(edge.to);
      if (!exportsOf.has(file) && makesMachine(edge)) run.add(edge.to);
    }
  }
  // A machine that is run runs the machines it invokes or spawns.
  const children = [...run];
  for (let file = children.pop(); file !== undefined; file = children.pop()) {
    for (const edge of edges.get(file) ?? []) {
      if (!run.has(edge.to) && makesMachine(edge)) {
        run.add(edge.to);
        children.push(edge.to);
      }
    }
  }
  return run;
}

/** Where the two apps start: the pages Vite builds load these. */
export const APP_ENTRIES = ['src/main.tsx', 'src/next-steps.tsx'];

/** The machines a module defines, by export: exported machines, and machines its factories make. */
export function machineIds(module: Record<string, unknown>): Array<[name: string, id: string]> {
  return Object.entries(module).flatMap(([name, value]): Array<[string, string]> => {
    if (typeof value === 'object' && value !== null && 'root' in value && 'id' in value) {
      return typeof value.id === 'string' ? [[name, value.id]] : [];
    }
    if (typeof value === 'function' && /^create\w*Machine$/.test(name)) {
      // Factories take behaviour (functions) only; the chart, and so its id, is the same.
      const made: unknown = (value as (...args: unknown[]) => unknown)(() => false);
      if (
        typeof made === 'object' &&
        made !== null &&
        'id' in made &&
        typeof made.id === 'string'
      ) {
        return [[name, made.id]];
      }
    }
    return [];
  });
}

/**
 * Every `<name>.machine.ts` in `machinesDir`: its machines' ids (id → file name), and which of
 * the files the apps run. One list for the coverage gate and the diagrams' check alike.
 */
export async function appMachines(machinesDir = 'src/machines', root = 'src') {
  const ids = new Map<string, string>();
  const machineExports = new Map<string, Set<string>>();
  for (const file of readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.resolve(machinesDir, file)).href)) as Record<
      string,
      unknown
    >;
    const made = machineIds(module);
    for (const [, id] of made) ids.set(id, file);
    machineExports.set(path.join(machinesDir, file), new Set(made.map(([name]) => name)));
  }
  const runs = machinesTheAppsRun(root, APP_ENTRIES, machineExports);
  /** Whether the apps run the machine file `file` (a name in `machinesDir`). */
  const isRun = (file: string) => runs.has(path.resolve(machinesDir, file));
  return { ids, isRun };
}

/**
 * The diagrams (file names in docs/statecharts/, README.md aside) that describe no machine the apps
 * run: their machine file is gone, or nothing the apps load makes it. A diagram must not outlive
 * its machine in the running app.
 */
export function diagramsOfNoRunningMachine(
  diagrams: readonly string[],
  machineFiles: readonly string[],
  isRun: (file: string) => boolean,
): string[] {
  return diagrams
    .filter((d) => d.endsWith('.md') && d !== 'README.md')
    .filter((d) => {
      const file = d.replace(/\.md$/, '.machine.ts');
      return !machineFiles.includes(file) || !isRun(file);
    });
}
