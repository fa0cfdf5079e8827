// University calendars of 1,000, 10,000 and 100,000 events through the real parse (the piscina
// thread the server uses, parse-pool.ts): ms per parse and the process's peak memory above its level
// before, against a baseline measured in the same run: ical.js alone parsing the same text on this
// thread. The 100,000-event calendar (14 MB) is over the server's limits (4 MB, 50,000 items); it is
// parsed with raised limits to show the scaling, and also through the default limits, which refuse
// it. Writes bench/results/feeds.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { defaultCampusConfig } from '../contract/campus-config.schema.js';
import { defaultCampus } from '../contract/campus.schema.js';
import { DEFAULT_FEED_LIMITS } from '../server/feeds/feed-limits.js';
import type { FeedLimits } from '../server/feeds/feed-limits.js';
import { parseOffThread } from '../server/feeds/parse-pool.js';
import { parseOutcomeSchema } from '../server/feeds/parse-task.js';
import { bigCalendar } from '../tests/fake-feeds/big-calendar.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = [1_000, 10_000, 100_000];
const NOW = new Date('2026-11-22T20:00:00.000Z');
/** Room for the largest calendar here: the limits are what is measured against, not the parse. */
const RAISED: FeedLimits = {
  ...DEFAULT_FEED_LIMITS,
  bytes: 64 * 1024 * 1024,
  items: 200_000,
  expansion: 5_000_000,
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const MB = 1024 * 1024;

/** Runs `work` while sampling the process's resident memory: ms taken and the peak above the start. */
async function measure<T>(work: () => Promise<T> | T) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - start) / MB, result };
}

function plainIcalParse(text: string) {
  const parsed: unknown = ICAL.parse(text);
  if (!Array.isArray(parsed)) throw new Error('not a calendar');
  return new ICAL.Component(parsed).getAllSubcomponents('vevent').length;
}

const workerParse = (bytes: Uint8Array, limits: FeedLimits) =>
  parseOffThread({
    kind: 'ical',
    bytes,
    contentType: 'text/calendar; charset=utf-8',
    now: NOW.toISOString(),
    zone: defaultCampus.timeZone,
    limits,
    groupFields: defaultCampusConfig.campusGroups,
    keep: 500,
  }).then((answer) => parseOutcomeSchema.parse(answer));

async function main() {
  // The thread starts (and loads ical.js) once, as in the server; not counted in any size.
  await workerParse(Buffer.from(bigCalendar(10, NOW)), DEFAULT_FEED_LIMITS);
  const rows = [];
  for (const events of SIZES) {
    const text = bigCalendar(events, NOW);
    const bytes = Buffer.from(text);
    const plain: number[] = [];
    const worker: number[] = [];
    const workerPeak: number[] = [];
    let kept = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      plain.push((await measure(() => plainIcalParse(text))).ms);
      const run = await measure(() => workerParse(bytes, RAISED));
      worker.push(run.ms);
      workerPeak.push(run.peakMb);
      if (run.result.ok) kept = run.result.items.length;
    }
    const refused = await measure(() => workerParse(bytes, DEFAULT_FEED_LIMITS));
    const row = {
      events,
      bytes: bytes.byteLength,
      plainIcalMs: round(median(plain)),
      workerParseMs: round(median(worker)),
      workerPeakRssMb: round(Math.max(...workerPeak)),
      itemsKept: kept,
      ratioToPlainIcal: round(median(worker) / median(plain), 2),
      defaultLimits: refused.result.ok
        ? { refused: false, ms: round(refused.ms) }
        : { refused: true, limit: refused.result.limit, ms: round(refused.ms) },
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const first = rows[0]!;
  const results = {
    measuredAt: new Date().toISOString(),
    what:
      'ms per parse of a university calendar (bigCalendar: one-off events, every tenth a weekly ' +
      'series) through the parse thread with limits raised to fit, median of ' +
      `${ROUNDS}; peak RSS above the level before the parse; baseline: ical.js alone (ICAL.parse and ` +
      'the VEVENT components) on the same text in the same run',
    rows: rows.map((row) => ({
      ...row,
      ratioTo1k: round(row.workerParseMs / first.workerParseMs, 1),
    })),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/feeds.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('wrote bench/results/feeds.json');
  process.exit(0);
}

await main();
