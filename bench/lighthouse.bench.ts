// Lighthouse's mobile performance score for the three pages issue 63 names (`/`, `/academics`,
// `/next-steps/`), signed in as the sample student: Lighthouse's own mobile profile (simulated slow
// 4G and a 4× slower CPU), Debian's Chromium (CHROMIUM_PATH), the built portal on SQLite. Lighthouse
// is a benchmark tool only, fetched at its pinned version on first use (`npx`), so neither `npm install`
// nor CI carries its 200 packages. Runs each page BENCH_LIGHTHOUSE_RUNS times (default 3) and reports
// the median score with its metrics, and the machine's load; BENCH_SERVER_RENDER=both measures the
// build with SERVER_RENDER on and off in the same run, runs alternating. Needs `npm run build` first.
// Writes bench/results/lighthouse.json.
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { median, signInCookies, startPortal } from './lib/servers.js';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/academics', '/next-steps/'];
const TARGET_SCORE = 95;

/** The part of Lighthouse's JSON report this bench reads. */
const Report = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});
/** Lighthouse's long-tasks audit: each task's script, start and length, simulated (ms). */
const LongTasks = z.object({
  audits: z.object({
    'long-tasks': z.object({
      details: z.object({
        items: z.array(z.object({ url: z.string(), startTime: z.number(), duration: z.number() })),
      }),
    }),
  }),
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
  const json: unknown = JSON.parse(readFileSync(out, 'utf8'));
  const report = Report.parse(json);
  const longTasks = LongTasks.safeParse(json).data?.audits['long-tasks'].details.items ?? [];
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const metrics: Record<string, number> = {
    score: round((report.categories.performance.score ?? 0) * 100),
    ...Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => [
        name,
        round(metric(id), name.endsWith('Ms') ? 0 : 4),
      ]),
    ),
  };
  return {
    metrics,
    // What blocked: the five longest tasks, by the file Lighthouse names ("[start ms] file: ms").
    longTasks: [...longTasks]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map(
        (t) =>
          `[${round(t.startTime)}] ${t.url.replace(/^https?:\/\/[^/]+/, '')}: ${round(t.duration)}`,
      ),
  };
}

/**
 * The servers measured: one as the environment sets it, or with BENCH_SERVER_RENDER=both one with
 * SERVER_RENDER on and one with it off (issue 75), their runs alternating in the same run of the
 * bench, so the machine's load falls on both alike.
 */
const VARIANTS: { name: string; env: Record<string, string> }[] =
  process.env.BENCH_SERVER_RENDER === 'both'
    ? [
        { name: 'server render on', env: { SERVER_RENDER: 'on' } },
        { name: 'server render off', env: { SERVER_RENDER: 'off' } },
      ]
    : [{ name: `server render ${process.env.SERVER_RENDER ?? 'on'}`, env: {} }];

/**
 * Opens a page as a browser navigates to it, so that the server draws it. Not `fetch`: it sends
 * its own `Sec-Fetch-Mode: cors` whatever it is given, and the server then sends the undrawn page.
 */
const openAsBrowser = (url: string, cookie: string) =>
  new Promise<void>((resolve, reject) => {
    const headers = {
      cookie,
      accept: 'text/html',
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
    };
    get(url, { headers }, (answer) => {
      answer.resume().on('end', resolve).on('error', reject);
    }).on('error', reject);
  });

type Run = ReturnType<typeof lighthouseOnce>;
const medianOf = (runs: Run[], metric: string) =>
  median(runs.map((r) => r.metrics[metric] ?? Number.NaN));

async function main() {
  const portals = await Promise.all(VARIANTS.map((v) => startPortal(process.cwd(), v.env)));
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const loadBefore = loadavg().map((n) => round(n, 2));
  try {
    const pages = [];
    for (const page of PAGES) {
      const runs: Run[][] = VARIANTS.map(() => []);
      for (let run = 0; run < RUNS; run += 1) {
        for (const [i, portal] of portals.entries()) {
          // A session of its own for every run: Lighthouse starts each with an empty cache.
          const cookie = (await signInCookies(portal.base))
            .filter((c) => c.value !== '')
            .map((c) => `${c.name}=${c.value}`)
            // The phone's width, as the sign-in page tells it (public/theme.js, issue 75).
            .concat('portal_wide=0')
            .join('; ');
          // A server's first render of a page loads its bundle: not what a student meets.
          if (run === 0) await openAsBrowser(`${portal.base}${page}`, cookie);
          runs[i]?.push(
            lighthouse(
              `${portal.base}${page}`,
              cookie,
              path.join(
                dir,
                `${page.replaceAll('/', '_')}-${VARIANTS[i]?.name.replaceAll(' ', '-')}-${run}.json`,
              ),
            ),
          );
        }
      }
      for (const [i, variant] of VARIANTS.entries()) {
        const own = runs[i] ?? [];
        const scores = own.map((r) => r.metrics.score ?? Number.NaN);
        pages.push({
          page,
          variant: variant.name,
          medianScore: median(scores),
          worstScore: Math.min(...scores),
          meetsTarget: median(scores) >= TARGET_SCORE,
          medianLargestContentfulPaintMs: medianOf(own, 'largestContentfulPaintMs'),
          medianTotalBlockingTimeMs: medianOf(own, 'totalBlockingTimeMs'),
          runs: own.map((r) => ({ ...r.metrics, longTasks: r.longTasks })),
        });
        process.stdout.write(`${page} (${variant.name}): scores ${scores.join(', ')}\n`);
      }
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
    for (const portal of portals) portal.child.kill('SIGTERM');
    // BENCH_LIGHTHOUSE_KEEP=1 keeps every run's whole report, to read in Lighthouse's viewer.
    if (process.env.BENCH_LIGHTHOUSE_KEEP) process.stdout.write(`reports kept in ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
