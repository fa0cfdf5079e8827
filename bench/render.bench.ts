// The server's cost of drawing a first screen (issue 75 item 5): the built portal (`npm run build`
// first) served in this process twice on one store, SERVER_RENDER on and off, the sample SIS behind
// both. Signed in as the sample student, each drawn page (the dashboard, Academics, Account,
// Messages, Next Steps' list and a task) is asked for as a browser opens it, the two servers in
// turn, one request at a time:
//
// - the render's cost: a page's time drawn against the same page undrawn, p50 (target: at most
//   10 ms more), with the drawn share checked (a page that went out undrawn is counted, not timed);
// - the event loop's longest block while pages are drawn: the longest wait of a 5 ms timer in this
//   process and monitorEventLoopDelay's maximum (target: at most 50 ms).
//
// A page's time drawn includes the reads the render makes through the server's own API (the ones
// the browser would otherwise make after the page arrived), so the difference is what the person
// waits longer for the page's HTML, not the server's extra work. Writes bench/results/render.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { SERVER_RENDER_ID } from '../contract/first-answers.rules.js';
import { createTestApp, signIn } from '../tests/server/helpers/app.js';
import { round, summary } from './lib/stats.js';

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 40);
const TARGET_COST_MS = 10;
const TARGET_BLOCK_MS = 50;
const DIST = path.resolve('dist');
const PAGES = [
  '/',
  '/academics',
  '/account',
  '/messages',
  '/next-steps/task',
  '/next-steps/task/1',
];
const NAVIGATION = {
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  accept: 'text/html',
};

const start = (serverRender: 'on' | 'off') =>
  createTestApp({
    clientDir: path.join(DIST, 'client'),
    env: {
      SERVER_RENDER: serverRender,
      SERVER_RENDER_MS: '3000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
    },
  });

/** One page as a browser opens it: its time in ms and whether it came drawn. */
async function open(app: FastifyInstance, url: string, cookie: string) {
  const began = performance.now();
  const page = await app.inject({ url, headers: { ...NAVIGATION, cookie } });
  const ms = performance.now() - began;
  if (page.statusCode !== 200) throw new Error(`${url} answered ${page.statusCode}`);
  return { ms, drawn: page.body.includes(`id="${SERVER_RENDER_ID}"`) };
}

async function main() {
  if (!existsSync(path.join(DIST, 'ssr', 'portal-render.js'))) {
    throw new Error('No server render bundle: run `npm run build` first');
  }
  const on = await start('on');
  const off = await start('off');
  try {
    const drawnCookie = (await signIn(on, 'student')).cookie;
    const plainCookie = (await signIn(off, 'student')).cookie;
    // Each server's first pages load the bundle and warm the API's caches, as a running server's are.
    for (let i = 0; i < 3; i += 1) {
      for (const url of PAGES) {
        await open(on, url, drawnCookie);
        await open(off, url, plainCookie);
      }
    }
    const delay = monitorEventLoopDelay({ resolution: 5 });
    // The longest wait of a 5 ms timer while a drawn page is served (its undrawn twin not counted).
    let measuring = false;
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const at = performance.now();
      if (measuring) longestGap = Math.max(longestGap, at - last);
      last = at;
    }, 5);
    const pages: Record<string, { drawn: number[]; undrawn: number[]; wentUndrawn: number }> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const url of PAGES) {
        const entry = (pages[url] ??= { drawn: [], undrawn: [], wentUndrawn: 0 });
        delay.enable();
        measuring = true;
        const drawn = await open(on, url, drawnCookie);
        // The timers due during the request fire now: their lateness is its block.
        await new Promise((resolve) => setTimeout(resolve, 6));
        measuring = false;
        delay.disable();
        if (drawn.drawn) entry.drawn.push(drawn.ms);
        else entry.wentUndrawn += 1;
        entry.undrawn.push((await open(off, url, plainCookie)).ms);
      }
    }
    clearInterval(ticker);
    const byPage = Object.fromEntries(
      Object.entries(pages).map(([url, entry]) => {
        const drawn = summary(entry.drawn);
        const undrawn = summary(entry.undrawn);
        return [
          url,
          {
            drawn,
            undrawn,
            wentUndrawn: entry.wentUndrawn,
            costP50Ms: round(drawn.p50_ms - undrawn.p50_ms),
          },
        ];
      }),
    );
    const costs = Object.values(byPage).map((p) => p.costP50Ms);
    const result = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg().map((n) => round(n)) },
      rounds: ROUNDS,
      pages: byPage,
      worstCostP50Ms: Math.max(...costs),
      eventLoop: {
        longestTimerGapMs: round(longestGap),
        delayMaxMs: round(delay.max / 1e6),
        delayP99Ms: round(delay.percentile(99) / 1e6),
      },
      targets: {
        costP50Ms: TARGET_COST_MS,
        blockMs: TARGET_BLOCK_MS,
        costMet: Math.max(...costs) <= TARGET_COST_MS,
        blockMet: delay.max / 1e6 <= TARGET_BLOCK_MS,
      },
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/render.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await on.close();
    await off.close();
  }
}

await main();
