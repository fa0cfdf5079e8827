// A CPU profile of one first load on bench:load's phone profile (150 ms round trip, 1.6 Mbps, 4× CPU
// slowdown, empty cache, 390×844), signed in as the student: Chromium's sampling profiler through
// the DevTools protocol, each sample's frames mapped to the product's sources and packages through
// the build's source maps. Prints self time by source and by function, what the module bodies
// spent (evaluation of the entry graph), and the longest busy stretches with the product's files
// on their stacks. Needs `npm run build`. Run: `npx tsx bench/load-profile.ts [path]` (default `/`);
// the raw profile is written to the temp folder (open it in DevTools' Performance panel).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMap } from 'node:module';
import type { SourceMapPayload } from 'node:module';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config.js';
import { PHONE, emulatePhone, waitInPage } from './lib/phone.js';
import { signInCookies, startPortal } from './lib/servers.js';

const PATH = process.argv[2] ?? '/';
const portal = await startPortal('.');
const browser = await chromium.launch(chromiumLaunch);
const context = await browser.newContext({ viewport: PHONE.viewport });
await context.addCookies(
  (await signInCookies(portal.base)).map((c) => ({ ...c, url: portal.base })),
);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await emulatePhone(cdp);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${portal.base}${PATH}`, { waitUntil: 'load' });
// Not Playwright's waitForSelector: its injected script would be in the page's own tasks.
await waitInPage(cdp, "document.querySelector('main h1')", 90_000);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
const rawFile = path.join(tmpdir(), `portal-load-${Date.now()}.cpuprofile`);
writeFileSync(rawFile, JSON.stringify(profile));
console.log(`raw profile: ${rawFile}`);
await browser.close();
portal.child.kill();
// self time by original source
const maps = new Map<string, SourceMap | null>();
const mapOf = (url: string) => {
  if (!maps.has(url)) {
    const m = /\/assets\/[^?]+\.js$/.exec(url);
    let sm: SourceMap | null = null;
    if (m)
      try {
        sm = new SourceMap(
          JSON.parse(readFileSync(`dist/client${m[0]}.map`, 'utf8')) as SourceMapPayload,
        );
      } catch {
        sm = null;
      }
    maps.set(url, sm);
  }
  return maps.get(url) ?? null;
};
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map<number, number>();
for (const s of profile.samples ?? []) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = profile.samples?.length ?? 1;
const bySource = new Map<string, number>();
const byFn = new Map<string, number>();
for (const [id, c] of counts) {
  const n = nodes.get(id)!;
  const cf = n.callFrame;
  let key = cf.url ? cf.url.replace(/^https?:\/\/[^/]+/, '') : `(${cf.functionName || 'native'})`;
  let fn = cf.functionName;
  const sm = cf.url ? mapOf(cf.url) : null;
  if (sm) {
    const e = sm.findEntry(cf.lineNumber, cf.columnNumber) as {
      originalSource?: string;
      name?: string;
      originalLine?: number;
    };
    if (e?.originalSource) {
      key = e.originalSource.replace(/^.*node_modules\//, 'nm/').replace(/^\.\.\/\.\.\//, '');
      fn = `${e.name ?? fn}@${key}:${e.originalLine}`;
    }
  }
  bySource.set(key, (bySource.get(key) ?? 0) + c);
  byFn.set(fn || key, (byFn.get(fn || key) ?? 0) + c);
}
const msPer = (profile.endTime - profile.startTime) / 1000 / total;
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, c]) => `${(c * msPer).toFixed(0).padStart(5)} ms ${n}`)
    .join('\n');
console.log('by source\n' + top(bySource, 45));
console.log('by function\n' + top(byFn, 40));
// module evaluation: samples whose outermost script frame is a module body (line 0 anonymous)
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const evalBy = new Map<string, number>();
let evalTotal = 0;
for (const [id, c] of counts) {
  let x: number | undefined = id;
  let outer: (typeof profile.nodes)[number] | undefined;
  while (x !== undefined) {
    const n = nodes.get(x)!;
    if (n.callFrame.url) outer = n;
    x = parent.get(x);
  }
  if (
    !outer ||
    outer.callFrame.functionName !== '' ||
    outer.callFrame.lineNumber !== 0 ||
    outer.callFrame.columnNumber !== 0 ||
    !/\/assets\//.test(outer.callFrame.url)
  )
    continue;
  evalTotal += c;
  const n = nodes.get(id)!;
  const cf = n.callFrame;
  let key = cf.url || `(${cf.functionName})`;
  const sm = cf.url ? mapOf(cf.url) : null;
  if (sm) {
    const e = sm.findEntry(cf.lineNumber, cf.columnNumber) as { originalSource?: string };
    if (e?.originalSource)
      key = e.originalSource.replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '');
  }
  evalBy.set(key, (evalBy.get(key) ?? 0) + c);
}
console.log('module-body samples ms', (evalTotal * msPer).toFixed(0));
console.log(top(evalBy, 30));
// windows: busy stretches (gaps < 2 ms), the longest ones, inclusive time by src/ file and function
{
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas ?? []) {
    t += d;
    times.push(t);
  }
  const samples = profile.samples ?? [];
  const idleIds = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const windows: { from: number; to: number; idx: number[] }[] = [];
  let cur: { from: number; to: number; idx: number[] } | null = null;
  samples.forEach((id, i) => {
    if (idleIds.has(id)) {
      if (cur && times[i]! - cur.to > 2000) {
        windows.push(cur);
        cur = null;
      }
      return;
    }
    if (!cur) cur = { from: times[i]!, to: times[i]!, idx: [] };
    cur.to = times[i]!;
    cur.idx.push(i);
  });
  if (cur) windows.push(cur);
  const orig = (n: (typeof profile.nodes)[number]) => {
    const cf = n.callFrame;
    const sm = cf.url ? mapOf(cf.url) : null;
    if (!sm) return null;
    const e = sm.findEntry(cf.lineNumber, cf.columnNumber) as {
      originalSource?: string;
      originalLine?: number;
      name?: string;
    };
    return e?.originalSource
      ? `${e.originalSource.replace(/^(\.\.\/)+/, '')}:${e.originalLine}`
      : null;
  };
  for (const w of windows.sort((a, b) => b.idx.length - a.idx.length).slice(0, 4)) {
    const inc = new Map<string, number>();
    for (const i of w.idx) {
      const seen = new Set<string>();
      let x: number | undefined = samples[i];
      while (x !== undefined) {
        const n = nodes.get(x)!;
        const o = orig(n);
        if (o && /^(src|contract)\//.test(o) && !seen.has(o)) {
          seen.add(o);
          inc.set(o, (inc.get(o) ?? 0) + 1);
        }
        x = parent.get(x);
      }
    }
    console.log(
      `== window at ${((w.from - profile.startTime) / 1000).toFixed(0)} ms, ${(w.idx.length * msPer).toFixed(0)} ms busy`,
    );
    console.log(top(inc, 14));
  }
}
