// Part of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy next to every built text asset,
// once, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
// on every request — or not at all. Small files and copies that would not be smaller are skipped.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist/client';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|ico|xml)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  raw += body.length;
  brotli += Math.min(br.length, body.length);
  count += 1;
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`compressed ${count} assets: ${kb(raw)} → ${kb(brotli)} brotli`);
