// A trace of one first load on bench:load's phone profile (150 ms round trip, 1.6 Mbps, 4× CPU
// slowdown, empty cache, 390×844), signed in as the student, summarised by where the main thread
// went: every long task (over 50 ms) with what filled it, script evaluation and compilation by
// file, and the API answers with the work that followed each. Needs `npm run build`. Run:
// `npx tsx bench/load-trace.ts [path]` (default `/`); writes bench/results/load-trace.json and keeps
// the raw trace in the system's temp folder (open it in Chromium's DevTools, Performance panel).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import { chromiumLaunch } from '../playwright.config.js';
import { PHONE, emulatePhone, waitInPage } from './lib/phone.js';
import { signInCookies, startPortal } from './lib/servers.js';

const PATH = process.argv[2] ?? '/';

/** The fields of a trace event read here; an event without them is left out. */
const traceEventSchema = z.object({
  name: z.string(),
  cat: z.string(),
  ph: z.string(),
  ts: z.number(),
  dur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  args: z
    .object({
      name: z.string().optional().catch(undefined),
      data: z.record(z.string(), z.unknown()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
type TraceEvent = z.infer<typeof traceEventSchema>;

const ms = (us: number) => Math.round(us / 100) / 10;
const short = (url: unknown) =>
  typeof url === 'string' ? (url.replace(/^https?:\/\/[^/]+/, '') || '/').slice(0, 80) : '';

async function main() {
  const portal = await startPortal('.');
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext({ viewport: PHONE.viewport });
    await context.addCookies(
      (await signInCookies(portal.base)).map((c) => ({ ...c, url: portal.base })),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await emulatePhone(cdp);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (chunk) => {
      for (const value of chunk.value) {
        const event = traceEventSchema.safeParse(value);
        if (event.success) events.push(event.data);
      }
    });
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
        ],
      },
    });
    await page.goto(`${portal.base}${PATH}`, { waitUntil: 'load', timeout: 90_000 });
    // Not Playwright's waitForSelector: its injected script would be in the page's own tasks.
    await waitInPage(cdp, "document.querySelector('main h1')", 90_000);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await done;
    const rawFile = path.join(tmpdir(), `portal-load-trace-${Date.now()}.json`);
    writeFileSync(rawFile, JSON.stringify({ traceEvents: events }));

    // The renderer's main thread: the one named CrRendererMain that ran the most tasks.
    const mains = events.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain');
    const tasksOf = (pid: number, tid: number) =>
      events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask');
    const main = mains
      .map((m) => ({ pid: m.pid, tid: m.tid, tasks: tasksOf(m.pid, m.tid) }))
      .sort((a, b) => b.tasks.length - a.tasks.length)[0];
    if (!main) throw new Error('no renderer main thread in the trace');
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
    const start =
      events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ??
      Math.min(...main.tasks.map((t) => t.ts));
    const at = (e: TraceEvent) => ms(e.ts - start);

    // What filled a span: time of the named slices inside it, by kind (and script file).
    const inside = (from: number, to: number) => {
      const kinds = new Map<string, number>();
      for (const e of onMain) {
        if (e.ph !== 'X' || !e.dur || e.ts < from || e.ts + e.dur > to) continue;
        const url = short(e.args?.data?.url);
        const kind =
          e.name === 'EvaluateScript' ||
          e.name === 'v8.compileModule' ||
          e.name === 'v8.evaluateModule'
            ? `${e.name} ${url}`
            : e.name === 'FunctionCall'
              ? `FunctionCall ${short(e.args?.data?.url)}`
              : [
                    'ParseHTML',
                    'UpdateLayoutTree',
                    'Layout',
                    'Paint',
                    'PrePaint',
                    'Layerize',
                    'ParseAuthorStyleSheet',
                    'RunMicrotasks',
                    'TimerFire',
                    'FireAnimationFrame',
                    'ResourceReceivedData',
                    'MajorGC',
                    'MinorGC',
                    'V8.GC_SCAVENGER',
                  ].includes(e.name)
                ? e.name
                : '';
        if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + e.dur);
      }
      return Object.fromEntries(
        [...kinds]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([k, v]) => [k, ms(v)]),
      );
    };

    const end = Math.max(...main.tasks.map((t) => t.ts + (t.dur ?? 0)));
    const longTasks = main.tasks
      .filter((t) => (t.dur ?? 0) > 50_000)
      .map((t) => ({
        atMs: at(t),
        ms: ms(t.dur ?? 0),
        inside: inside(t.ts, t.ts + (t.dur ?? 0)),
      }));
    const busy = main.tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0);
    const scripts = new Map<string, number>();
    for (const e of onMain) {
      if (e.ph !== 'X' || !e.dur) continue;
      if (
        ![
          'EvaluateScript',
          'v8.compileModule',
          'v8.evaluateModule',
          'v8.compile',
          'FunctionCall',
        ].includes(e.name)
      )
        continue;
      const key = `${e.name} ${short(e.args?.data?.url) || short(e.args?.data?.fileName)}`;
      scripts.set(key, (scripts.get(key) ?? 0) + e.dur);
    }
    const answers = events
      .filter((e) => e.name === 'ResourceFinish' || e.name === 'ResourceReceiveResponse')
      .filter((e) => e.name === 'ResourceReceiveResponse')
      .map((e) => {
        const id = e.args?.data?.requestId;
        const send = events.find(
          (s) => s.name === 'ResourceSendRequest' && s.args?.data?.requestId === id,
        );
        return { url: short(send?.args?.data?.url), answeredMs: at(e) };
      })
      .filter((a) => a.url.startsWith('/api/'))
      .sort((a, b) => a.answeredMs - b.answeredMs);
    const marks = Object.fromEntries(
      events
        .filter((e) =>
          [
            'firstContentfulPaint',
            'largestContentfulPaint::Candidate',
            'domContentLoadedEventEnd',
            'loadEventEnd',
          ].includes(e.name),
        )
        .map((e) => [e.name, at(e)]),
    );
    const report = {
      measuredAt: new Date().toISOString(),
      path: PATH,
      setup: '150 ms RTT, 1.6 Mbps down, 4× CPU (CDP), cache disabled, 390×844, student; one load',
      rawTrace: rawFile,
      mainThreadBusyMs: ms(busy),
      untilQuietMs: ms(end - start),
      marks,
      totalBlockingTimeMs: ms(
        main.tasks.reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) - 50_000), 0),
      ),
      longTasks,
      scriptByFile: Object.fromEntries(
        [...scripts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([k, v]) => [k, ms(v)]),
      ),
      apiAnswers: answers,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/load-trace.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await browser.close();
    portal.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
