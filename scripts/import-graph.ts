// The import graph of the TypeScript sources, as the files say it: every value import and re-export,
// and dynamic imports, resolved to source files inside the tree. Used by app-machines.ts (which
// machines the apps run) and import-cycles.ts (no file imports itself through others).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a file: what it names (`*` for all of it: a namespace or a dynamic import). */
export interface Edge {
  to: string;
  names: Set<string>;
}

export function sourceFiles(dir: string): string[] {
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

/**
 * Every value import and re-export of a file, and its dynamic imports; with `types`, its type-only
 * imports and re-exports and `import('…')` types too (the cycle gate counts those: a type-only
 * circle ties the files' meaning together as much as a value one).
 */
export function edgesOf(file: string, known: Set<string>, { types = false } = {}): Edge[] {
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
      if (clause?.isTypeOnly && !types) return;
      const names: string[] = clause?.name ? ['default'] : [];
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (types || !element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
        }
      }
      add(node.moduleSpecifier, names);
    } else if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly && !types) return;
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements
              .filter((e) => types || !e.isTypeOnly)
              .map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      add(node.moduleSpecifier, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0]
    ) {
      add(node.arguments[0], ['*']);
    } else if (types && ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}
