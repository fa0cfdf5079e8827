// No import cycles: a file never imports itself through others (value imports, re-exports, dynamic
// imports, and type-only imports and re-exports too: issue 77). In place of ESLint's import/no-cycle, which was
// almost half of the lint's rule time: one pass over the whole graph (Tarjan's strongly connected
// components), and every cycle found at any depth. `npm run lint` runs it; exits 1 on a cycle.
import path from 'node:path';
import { edgesOf, sourceFiles } from './import-graph.js';

const ROOTS = ['contract', 'src', 'server', 'scripts', 'bench', 'e2e', 'tests'];

/** The groups of files that import each other in a circle, each as a list of files. */
export function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const next = new Map(
    files.map((f) => [f, [...new Set(edgesOf(f, known, { types: true }).map((e) => e.to))]]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (next.get(file) ?? []).includes(file)) cycles.push(group.reverse());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = ROOTS.flatMap((root) => sourceFiles(path.resolve(root)));
  const rel = (f: string) => path.relative(process.cwd(), f);
  const cycles = importCycles(files);
  for (const group of cycles) console.error(`Import cycle: ${group.map(rel).join(' → ')} → (back)`);
  console.log(
    `import cycles: ${cycles.length} in ${files.length} files (type-only imports counted)`,
  );
  process.exit(cycles.length ? 1 : 0);
}
