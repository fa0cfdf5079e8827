// Which machine files the apps run: for `npm run statecharts:coverage`, which counts only those. A
// machine is run when a file the apps load (from their entries, through every import, dynamic ones
// included) imports it as a value, or a machine that is run does (an invoked or spawned child).
// Imports for types, or of a machine file's selectors alone, make nothing; nor do tests or scripts.
import path from 'node:path';
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
