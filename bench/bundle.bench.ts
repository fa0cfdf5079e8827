// Bundle size: what each app's first page load costs, gzipped, against the shared chunk both apps
// load; and the first-route budget (issue 17): the JavaScript the browser loads for `/` signed in
// as a student stays within FIRST_ROUTE_BUDGET gzip, else this exits non-zero and `npm test` fails.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstRouteFiles, gzipBytes, readManifest } from './lib/first-route.js';

/** 175 kB of JavaScript, gzip. */
const FIRST_ROUTE_BUDGET = 175_000;

const client = 'dist/client';
const gz = (file: string) => gzipSync(readFileSync(file)).length;

function entryAssets(html: string): string[] {
  const source = readFileSync(path.join(client, html), 'utf8');
  return [...source.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) =>
    path.join(client, m[1]!),
  );
}

const shared = readdirSync(path.join(client, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(client, 'assets', f))
  .filter(
    (f) =>
      entryAssets('index.html').includes(f) && entryAssets('next-steps/index.html').includes(f),
  );
const baseline = shared.reduce((sum, f) => sum + gz(f), 0);

const results = Object.fromEntries(
  ['index.html', 'next-steps/index.html'].map((html) => {
    const total = entryAssets(html).reduce((sum, f) => sum + gz(f), 0);
    return [
      html === 'index.html' ? 'portal' : 'nextSteps',
      { gzipBytes: total, ratioToShared: baseline ? +(total / baseline).toFixed(2) : null },
    ];
  }),
);
const firstRoute = firstRouteFiles(readManifest());
const firstRouteGzipBytes = gzipBytes(client, firstRoute);
const report = {
  measuredAt: new Date().toISOString(),
  sharedGzipBytes: baseline,
  ...results,
  firstRoute: {
    gzipBytes: firstRouteGzipBytes,
    budgetGzipBytes: FIRST_ROUTE_BUDGET,
    ratioToBudget: +(firstRouteGzipBytes / FIRST_ROUTE_BUDGET).toFixed(2),
    files: firstRoute.length,
  },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bundle.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(report);
if (firstRouteGzipBytes > FIRST_ROUTE_BUDGET) {
  console.error(
    `The first route loads ${firstRouteGzipBytes} bytes of JavaScript gzip, over its budget of ${FIRST_ROUTE_BUDGET}.`,
  );
  process.exitCode = 1;
}
