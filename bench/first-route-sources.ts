// What the first route's gzip bytes are made of (issue 63), per package and per source file: each
// first-route chunk's gzip size shared among the sources its source map gives for its bytes (a
// treemap's figures, as text). After `npm run build`: `npx tsx bench/first-route-sources.ts`
// (TOP=n lines of each list, 40 by default).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { firstRouteFiles, readManifest } from './lib/first-route.js';

const client = 'dist/client';
const top = Number(process.env.TOP ?? 40);
const bySource = new Map<string, number>();
const byPackage = new Map<string, number>();
const add = (map: Map<string, number>, key: string, bytes: number) =>
  map.set(key, (map.get(key) ?? 0) + bytes);

/** `node_modules/@scope/name/…` → `@scope/name`; the portal's own files by their folder. */
function packageOf(source: string): string {
  const inModules = source.split('node_modules/').at(-1) ?? source;
  if (inModules !== source) {
    const parts = inModules.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  return source.split('/').slice(0, 3).join('/');
}

let total = 0;
for (const file of firstRouteFiles(readManifest())) {
  const code = readFileSync(path.join(client, file), 'utf8');
  const gzip = gzipSync(code).length;
  total += gzip;
  let map: TraceMap;
  try {
    map = new TraceMap(readFileSync(path.join(client, `${file}.map`), 'utf8'));
  } catch {
    add(bySource, file, gzip);
    add(byPackage, '(no source map)', gzip);
    continue;
  }
  const lines = code.split('\n');
  const segments: { line: number; column: number; source: string }[] = [];
  eachMapping(map, (m) =>
    segments.push({
      line: m.generatedLine,
      column: m.generatedColumn,
      source: (m.source ?? '(unmapped)').replace(/^(\.\.\/)+/, ''),
    }),
  );
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const raw = new Map<string, number>();
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const end = next?.line === segment.line ? next.column : (lines[segment.line - 1]?.length ?? 0);
    add(raw, segment.source, end - segment.column);
  });
  const rawTotal = [...raw.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [source, bytes] of raw) {
    add(bySource, source, (bytes / rawTotal) * gzip);
    add(byPackage, packageOf(source), (bytes / rawTotal) * gzip);
  }
}
const list = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, bytes]) => `${Math.round(bytes).toString().padStart(7)}  ${key}`)
    .join('\n');
console.log(`first route: ${total} bytes gzip\n\nby package or folder:\n${list(byPackage)}`);
console.log(`\nby source:\n${list(bySource)}`);
