// The written size limits as a gate (src/machines/README.md: "No machine file is over 200 lines";
// files split past 300 lines). A machine (`src/machines/<name>.machine.ts`) and its sidecars (`<name>.context.ts`,
// `<name>.effects.ts`, … of the same name) are at most 200 lines together; any other product file
// (contract/, src/, server/, worker/, scripts/; not tests, locales or generated files) at most 300.
// A file that grows past its limit splits by behaviour (child machines, one module per
// responsibility), not by moving lines into a sidecar. `npm run lint` runs it; exits 1 on a file over.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const MACHINE_LIMIT = 200;
export const FILE_LIMIT = 300;
const PRODUCT_ROOTS = ['contract', 'src', 'server', 'worker', 'scripts'];
const CODE = /\.(ts|tsx|js|mjs|cjs|css|sql)$/;
/** Generated or vendored, not written: the compiled catalogues, declaration files. */
const GENERATED = /(^|\/)(locales|node_modules|dist)\/|\.d\.m?ts$/;

/**
 * Files over their limit today, each with its count when it was listed: the debt still to pay, named.
 * An entry may only shrink: the gate fails when a listed file grows past its count, and when it is
 * back within the limit (its entry then leaves this list).
 */
export const OWED: Readonly<Record<string, number>> = {
  // Issue 88: the delegate's session state; the health region is to become a machine of its own.
  'src/machines/app.machine.ts': 212,
};

export interface Oversize {
  /** The file, or a machine with its sidecars (`src/machines/<name>.machine.ts + <name>.context.ts`). */
  name: string;
  lines: number;
  limit: number;
}

const linesOf = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The product files under `root`, relative to it. */
export function productFiles(root: string): string[] {
  return PRODUCT_ROOTS.flatMap((dir) => {
    const full = path.join(root, dir);
    try {
      statSync(full);
    } catch {
      return [];
    }
    return filesUnder(full).map((file) => path.relative(root, file).split(path.sep).join('/'));
  }).filter((file) => CODE.test(file) && !GENERATED.test(file));
}

/** Every file and machine group of `root` over its limit. */
export function oversize(root: string): Oversize[] {
  const files = productFiles(root);
  const found: Oversize[] = [];
  const sidecars = new Set<string>();
  for (const machine of files.filter((f) => /^src\/machines\/[^/]+\.machine\.ts$/.test(f))) {
    const name = path.basename(machine, '.machine.ts');
    const group = files.filter(
      (f) => path.dirname(f) === 'src/machines' && path.basename(f).startsWith(`${name}.`),
    );
    for (const f of group) sidecars.add(f);
    const lines = group.reduce((sum, f) => sum + linesOf(path.join(root, f)), 0);
    if (lines > MACHINE_LIMIT) {
      const others = group.filter((f) => f !== machine).map((f) => path.basename(f));
      found.push({ name: [machine, ...others].join(' + '), lines, limit: MACHINE_LIMIT });
    }
  }
  for (const file of files) {
    if (sidecars.has(file)) continue;
    const lines = linesOf(path.join(root, file));
    if (lines > FILE_LIMIT) found.push({ name: file, lines, limit: FILE_LIMIT });
  }
  return found;
}

/** The gate's complaints: files over their limit and not owed, grown past their owed count, or paid. */
export function problems(
  found: readonly Oversize[],
  owed: Readonly<Record<string, number>> = OWED,
): string[] {
  const out: string[] = [];
  for (const o of found) {
    const allowed = owed[o.name];
    if (allowed === undefined) out.push(`${o.name}: ${o.lines} lines (at most ${o.limit})`);
    else if (o.lines > allowed) out.push(`${o.name}: ${o.lines} lines, grew past its ${allowed}`);
  }
  for (const name of Object.keys(owed)) {
    if (!found.some((o) => o.name === name)) {
      out.push(`${name}: within its limit now; take it off OWED in scripts/size-limits.ts`);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = oversize(process.cwd());
  const complaints = problems(found);
  for (const line of complaints) console.error(`Size limit: ${line}`);
  console.log(
    `size limits: ${complaints.length} problem(s); ${Object.keys(OWED).length} file(s) owed`,
  );
  process.exit(complaints.length ? 1 : 0);
}
