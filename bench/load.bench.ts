// First load on a phone-class profile: Chromium throttled through the DevTools protocol (150 ms round
// trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown, empty cache), signed in as the student, for `/`,
// `/` as a browser without the HTML Sanitizer API loads it, `/` with service workers blocked (what the
// app's worker costs a first visit: it registers after the page's load and then fetches its
// precache), `/academics` and `/next-steps/`. Reports
// first contentful paint, time to the first real content (the page's `main h1`: the skeleton has
// none), largest contentful paint, total blocking time (the sum of every long task's time over
// 50 ms, from the first byte until the page is quiet), the longest task, cumulative layout shift and
// bytes transferred — for this build and for a baseline build of
// the commit this branch started from (BENCH_BASELINE_REF, default `git merge-base HEAD main`), built
// in a temporary git worktree and measured in the same run, loads alternating; with
// BENCH_LOAD_BASELINE=server-render-off, this build with SERVER_RENDER on against it off instead.
// Needs `npm run build` first. Writes bench/results/load.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { chromiumLaunch } from '../playwright.config.js';
import { PHONE, emulatePhone, readInPage, waitInPage } from './lib/phone.js';
import { median, signInCookies, startPortal } from './lib/servers.js';

const RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 3);
/** BENCH_LOAD_PAGES: a comma-separated list of page names to measure (default: all of them). */
const ONLY = process.env.BENCH_LOAD_PAGES?.split(',');
/**
 * Each page measured; `withoutSanitizerApi` loads it as a browser that has not shipped `setHTML` does,
 * `withoutServiceWorker` as one where service workers are blocked.
 */
const PAGES: {
  name: string;
  url: string;
  withoutSanitizerApi?: boolean;
  withoutServiceWorker?: boolean;
}[] = [
  { name: '/', url: '/' },
  { name: '/ without the HTML Sanitizer API', url: '/', withoutSanitizerApi: true },
  { name: '/ with service workers blocked', url: '/', withoutServiceWorker: true },
  { name: '/academics', url: '/academics' },
  { name: '/next-steps/', url: '/next-steps/' },
];
const CONTENT = 'main h1';
/** The phone targets: first paint as before; first content, largest paint, blocking time and shift. */
const TARGETS = { fcpMs: 1500, contentMs: 2000, lcpMs: 2000, tbtMs: 150, cls: 0.02 };

interface Load {
  fcpMs: number;
  contentMs: number;
  lcpMs: number;
  tbtMs: number;
  longestTaskMs: number;
  cls: number;
  kB: number;
}

/**
 * Records layout shifts, long tasks, the largest contentful paint and when the first real content was
 * laid out, from the first byte on. A string, not a function: tsx would wrap a function's inner
 * functions in a helper the page does not have.
 */
const OBSERVE = `(() => {
  const state = { cls: 0, content: -1, lcp: -1, tbt: 0, longest: 0 };
  window.benchLoad = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.tbt += Math.max(0, entry.duration - 50);
      state.longest = Math.max(state.longest, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (state.content < 0 && document.querySelector(${JSON.stringify(CONTENT)})) {
      state.content = 0;
      requestAnimationFrame(() => (state.content = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

async function measure(
  browser: Browser,
  base: string,
  { url, withoutSanitizerApi = false, withoutServiceWorker = false }: (typeof PAGES)[number],
): Promise<Load> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    serviceWorkers: withoutServiceWorker ? 'block' : 'allow',
  });
  // The phone's width, as the sign-in page tells it (public/theme.js): a server that draws the
  // first screen (SERVER_RENDER, issue 75) draws it for the phone.
  const cookies = [...(await signInCookies(base)), { name: 'portal_wide', value: '0' }];
  await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  await context.addInitScript({ content: OBSERVE });
  if (withoutSanitizerApi) {
    await context.addInitScript({ content: `Reflect.deleteProperty(Document, 'parseHTML');` });
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await emulatePhone(cdp);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  await page.goto(`${base}${url}`, { waitUntil: 'load', timeout: 60_000 });
  // Through the DevTools protocol, not Playwright's waits: their injected script would count as
  // the page's own blocking time (lib/phone.ts readInPage).
  await waitInPage(cdp, 'window.benchLoad.content > 0');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const result = z
    .object({
      fcpMs: z.number(),
      contentMs: z.number(),
      lcpMs: z.number(),
      tbtMs: z.number(),
      longestTaskMs: z.number(),
      cls: z.number(),
    })
    .parse(
      await readInPage(
        cdp,
        `({
        fcpMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
        contentMs: Math.round(window.benchLoad.content),
        lcpMs: Math.round(window.benchLoad.lcp),
        tbtMs: Math.round(window.benchLoad.tbt),
        longestTaskMs: Math.round(window.benchLoad.longest),
        cls: window.benchLoad.cls,
      })`,
      ),
    );
  await context.close();
  return { ...result, cls: +result.cls.toFixed(4), kB: +(bytes / 1024).toFixed(1) };
}

/**
 * BENCH_LOAD_BASELINE=server-render-off: no baseline build; this build is measured with SERVER_RENDER
 * on (the candidate) against itself with it off (the baseline), in the same run (issue 75).
 */
const AGAINST_UNDRAWN = process.env.BENCH_LOAD_BASELINE === 'server-render-off';

/** Builds the baseline commit in a temporary worktree sharing this tree's node_modules. */
function buildBaseline(ref: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--short', ref]).toString().trim();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { stdio: 'ignore' });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  const build = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the baseline ${commit} did not build`);
  return { dir, commit };
}

/** The worst of each figure over the runs: the latest paints, the most blocking, the most shift. */
const worstOf = (loads: Load[]) => ({
  fcpMs: Math.max(...loads.map((l) => l.fcpMs)),
  contentMs: Math.max(...loads.map((l) => l.contentMs)),
  lcpMs: Math.max(...loads.map((l) => l.lcpMs)),
  tbtMs: Math.max(...loads.map((l) => l.tbtMs)),
  longestTaskMs: Math.max(...loads.map((l) => l.longestTaskMs)),
  cls: Math.max(...loads.map((l) => l.cls)),
});

const summarise = (loads: Load[]) => ({
  fcpMs: median(loads.map((l) => l.fcpMs)),
  contentMs: median(loads.map((l) => l.contentMs)),
  lcpMs: median(loads.map((l) => l.lcpMs)),
  tbtMs: median(loads.map((l) => l.tbtMs)),
  longestTaskMs: median(loads.map((l) => l.longestTaskMs)),
  cls: median(loads.map((l) => l.cls)),
  kB: median(loads.map((l) => l.kB)),
});

async function main() {
  const ref =
    process.env.BENCH_BASELINE_REF ??
    execFileSync('git', ['merge-base', 'HEAD', 'main']).toString().trim();
  const baseline = AGAINST_UNDRAWN ? null : buildBaseline(ref);
  const [current, old] = await Promise.all([
    startPortal('.', AGAINST_UNDRAWN ? { SERVER_RENDER: 'on' } : {}),
    baseline ? startPortal(baseline.dir) : startPortal('.', { SERVER_RENDER: 'off' }),
  ]);
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const pages: Record<string, unknown> = {};
    const candidates: Record<string, ReturnType<typeof summarise>> = {};
    for (const target of PAGES.filter((p) => !ONLY || ONLY.includes(p.name))) {
      const runs: { candidate: Load[]; baseline: Load[] } = { candidate: [], baseline: [] };
      for (let run = 0; run < RUNS; run += 1) {
        // Alternate which goes first, so neither always meets the quieter machine.
        const order =
          run % 2 === 0
            ? (['candidate', 'baseline'] as const)
            : (['baseline', 'candidate'] as const);
        for (const which of order) {
          runs[which].push(
            await measure(browser, which === 'candidate' ? current.base : old.base, target),
          );
        }
      }
      const candidate = summarise(runs.candidate);
      candidates[target.name] = candidate;
      const before = summarise(runs.baseline);
      const ratio = (key: keyof typeof candidate) =>
        before[key] === 0 ? null : +(candidate[key] / before[key]).toFixed(2);
      pages[target.name] = {
        candidate,
        baseline: before,
        // The worst of the runs, beside the medians (the issue asks for both).
        worst: { candidate: worstOf(runs.candidate), baseline: worstOf(runs.baseline) },
        ratios: {
          fcp: ratio('fcpMs'),
          content: ratio('contentMs'),
          lcp: ratio('lcpMs'),
          tbt: ratio('tbtMs'),
          longestTask: ratio('longestTaskMs'),
          kB: ratio('kB'),
        },
        targets: {
          fcpAtMost1500ms: candidate.fcpMs <= TARGETS.fcpMs,
          contentAtMost2000ms: candidate.contentMs <= TARGETS.contentMs,
          lcpAtMost2000ms: candidate.lcpMs <= TARGETS.lcpMs,
          tbtAtMost150ms: candidate.tbtMs <= TARGETS.tbtMs,
          clsAtMost002: candidate.cls <= TARGETS.cls,
        },
        runs,
      };
      console.log(target.name, JSON.stringify(pages[target.name]));
    }
    // What the service worker costs a first visit, this build against itself: `/` with it, over `/`
    // with service workers blocked (issue 44: the worker must not delay the first load).
    const withWorker = candidates['/'];
    const withoutWorker = candidates['/ with service workers blocked'];
    const serviceWorker =
      withWorker && withoutWorker
        ? {
            fcp: +(withWorker.fcpMs / withoutWorker.fcpMs).toFixed(2),
            content: +(withWorker.contentMs / withoutWorker.contentMs).toFixed(2),
            lcp: +(withWorker.lcpMs / withoutWorker.lcpMs).toFixed(2),
            tbtMs: withWorker.tbtMs - withoutWorker.tbtMs,
          }
        : null;
    console.log('service worker on / against blocked:', JSON.stringify(serviceWorker));
    const report = {
      measuredAt: new Date().toISOString(),
      serviceWorker,
      setup: {
        profile: '150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU (CDP), cache disabled, 390×844',
        runs: `${RUNS} alternating loads per page and build; medians, and the worst run`,
        firstContent: `first frame after \`${CONTENT}\` exists`,
        baseline: baseline
          ? `${baseline.commit} (built in a temporary worktree in this run)`
          : 'this build with SERVER_RENDER off (the candidate has it on)',
        signedInAs: 'student (demo sign-in)',
      },
      pages,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/load.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await browser.close();
    current.child.kill('SIGTERM');
    old.child.kill('SIGTERM');
    if (baseline) {
      spawnSync('git', ['worktree', 'remove', '--force', baseline.dir]);
      rmSync(baseline.dir, { recursive: true, force: true });
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
