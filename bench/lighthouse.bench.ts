// Lighthouse's mobile performance score for the three pages issue 63 names (`/`, `/academics`,
// `/next-steps/`), signed in as the sample student: Lighthouse's own mobile profile (simulated slow
// 4G and a 4× slower CPU), Debian's Chromium (CHROMIUM_PATH), the built portal on SQLite. Lighthouse
// is a benchmark tool only, fetched at its pinned version on first use (`npx`), so neither `npm install`
// nor CI carries its 200 packages. Runs each page BENCH_LIGHTHOUSE_RUNS times (default 3) and reports
// the median score with its metrics, and the machine's load. Needs `npm run build` first. Writes
// bench/results/lighthouse.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { median, signInCookies, startPortal } from './lib/servers.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/', '/academics', '/next-steps/'];
const TARGET_SCORE = 95;

/** The part of Lighthouse's JSON report this bench reads. */
const Report = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  totalBlockingTimeMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cumulativeLayoutShift: 'cumulative-layout-shift',
} as const;

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One Lighthouse run; a run whose trace Lighthouse could not record (NO_NAVSTART) is tried again. */
function lighthouse(url: string, cookie: string, out: string, tries = 3) {
  try {
    return lighthouseOnce(url, cookie, out);
  } catch (error) {
    if (tries <= 1) throw error;
    return lighthouse(url, cookie, out, tries - 1);
  }
}

function lighthouseOnce(url: string, cookie: string, out: string) {
  execFileSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  const report = Report.parse(JSON.parse(readFileSync(out, 'utf8')));
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: round((report.categories.performance.score ?? 0) * 100),
    ...Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => [
        name,
        round(metric(id), name.endsWith('Ms') ? 0 : 4),
      ]),
    ),
  };
}

async function main() {
  const portal = await startPortal(process.cwd());
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const loadBefore = loadavg().map((n) => round(n, 2));
  try {
    const pages = [];
    for (const page of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A session of its own for every run: Lighthouse starts each with an empty cache.
        const cookie = (await signInCookies(portal.base))
          .filter((c) => c.value !== '')
          .map((c) => `${c.name}=${c.value}`)
          .join('; ');
        runs.push(lighthouse(`${portal.base}${page}`, cookie, path.join(dir, `${run}.json`)));
      }
      const scores = runs.map((r) => r.score);
      pages.push({
        page,
        medianScore: median(scores),
        worstScore: Math.min(...scores),
        meetsTarget: median(scores) >= TARGET_SCORE,
        runs,
      });
      process.stdout.write(`${page}: scores ${scores.join(', ')}\n`);
    }
    const result = {
      date: new Date().toISOString(),
      lighthouse: LIGHTHOUSE,
      profile: 'Lighthouse mobile (simulated slow 4G, 4× CPU slowdown), signed in as the student',
      targetScore: TARGET_SCORE,
      loadAverage: { before: loadBefore, after: loadavg().map((n) => round(n, 2)) },
      pages,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/lighthouse.json', `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    portal.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
