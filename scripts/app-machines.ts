// Which machine files the apps run: for `npm run statecharts:coverage`, which counts only those. A
// machine is run when a file the apps load (from their entries, through every import, dynamic ones
// included) imports it as a value, or a machine that is run does (an invoked or spawned child).
// Imports for types, or of a machine file's selectors alone, make nothing; nor do tests or scripts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a file: what it names (`*` for all of it: a namespace or a dynamic import). */
interface Edge {
  to: string;
  names: Set<string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** `./x.js` from a file: the source file it means (x.ts, x.tsx), or null outside the tree. */
function resolve(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(m?js|jsx)$/, '');
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (known.has(file)) return file;
  }
  return null;
}

/** Every value import and re-export of a file, and its dynamic imports. */
function edgesOf(file: string, known: Set<string>): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const edges: Edge[] = [];
  const add = (specifier: ts.Expression | undefined, names: string[]) => {
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const to = resolve(file, specifier.text, known);
    if (to) edges.push({ to, names: new Set(names) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) return;
      const names: string[] = clause?.name ? ['default'] : [];
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      add(node.moduleSpecifier, names);
    } else if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) return;
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      add(node.moduleSpecifier, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    ) {
      add(node.arguments[0], ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

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
