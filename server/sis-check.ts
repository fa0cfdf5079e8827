import './supported-node.js';
import { isSisWarning } from '../contract/sis/warning.schema.js';
import { MemoryCacheStore } from './cache/memory-store.js';
import { ReadThroughCache } from './cache/read-through.js';
import { ConfigError, loadConfig } from './config.js';
import type { Config } from './config.js';
import { cacheKey, selfReader } from './cache/keys.js';
import { sisFor } from './plugins/external/sis.js';
import { EthosSis } from './sis/ethos/adapter.js';
import { freshMinutes, isTermRead, sisAnswerSchema, sisSchemas } from './sis/endpoints.js';
import type { SisEndpoint } from './sis/endpoints.js';
import { startupReport } from './startup-report.js';

/**
 * `npm run sis:check -- <username>`: what each read of the configured SIS adapter (sample, http or
 * ethos) answers for one person, with its time and the number of calls it made upstream; then what a
 * student's first dashboard costs on a cold cache (once the code tables are loaded) and on a warm one.
 */

/** The reads of a student's first dashboard: sign-in, the frame, Today's Classes, Next Steps. */
const DASHBOARD: SisEndpoint[] = [
  'identity',
  'roles',
  'profile',
  'current-term',
  'schedule',
  'nudges',
  'person-info',
  'curriculum-info',
  'standing',
];

let upstream = 0;
const realFetch = globalThis.fetch;
// Every adapter reaches its upstream through fetch: counting here counts any adapter's calls.
globalThis.fetch = (...args: Parameters<typeof fetch>) => {
  upstream++;
  return realFetch(...args);
};

const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;
const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

async function termOf(sis: ReturnType<typeof sisFor>, username: string) {
  const current = await sis.read('current-term', { username, persona: null });
  return isSisWarning(current) ? undefined : current.p_term_out;
}

async function readEach(config: Config, username: string): Promise<boolean> {
  const sis = sisFor(config);
  const person = { username, persona: null };
  const term = await termOf(sis, username).catch(() => undefined);
  let ok = true;
  for (const read of Object.keys(sisSchemas) as SisEndpoint[]) {
    const before = upstream;
    const start = performance.now();
    try {
      const answer = await sis.read(read, person, isTermRead(read) ? term : undefined);
      const line = `  ${read.padEnd(26)} ok     ${ms(start).padStart(8)}  ${String(upstream - before).padStart(3)} call(s)  ${brief(answer)}`;
      process.stdout.write(`${line}\n`);
    } catch (err) {
      ok = false;
      const reason = err instanceof Error ? err.message : String(err);
      process.stdout.write(
        `  ${read.padEnd(26)} FAILED ${ms(start).padStart(8)}  ${String(upstream - before).padStart(3)} call(s)  ${reason}\n`,
      );
    }
  }
  return ok;
}

async function dashboard(config: Config, username: string) {
  const sis = sisFor(config);
  if (sis instanceof EthosSis) {
    const start = performance.now();
    const before = upstream;
    await sis.tables.load();
    process.stdout.write(`Code tables: ${upstream - before} call(s), ${ms(start)}\n`);
  }
  const cache = new ReadThroughCache({ store: new MemoryCacheStore(), clock: () => new Date() });
  const person = { username, persona: null };
  const cached = <E extends SisEndpoint>(read: E, term?: string) =>
    cache.read(
      cacheKey(selfReader(0), read, term),
      freshMinutes[read] * 60_000,
      () => sis.read(read, person, term),
      sisAnswerSchema(read),
    );
  // As the page reads: the term first (Today's Classes needs it), the rest at once.
  const page = async () => {
    const { value: current } = await cached('current-term');
    const term = isSisWarning(current) ? undefined : current.p_term_out;
    await Promise.all([
      sis.read('identity', person),
      ...DASHBOARD.filter((r) => r !== 'identity' && r !== 'current-term' && r !== 'schedule').map(
        (read) => cached(read),
      ),
      cached('schedule', term),
    ]);
  };
  for (const label of ['cold cache', 'warm cache']) {
    const before = upstream;
    const start = performance.now();
    await page();
    const calls = upstream - before;
    process.stdout.write(
      `  ${label}: ${calls} upstream call(s), ${ms(start)} (identity is read at every sign-in, never cached)\n`,
    );
  }
}

async function main() {
  const username = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!username) {
    process.stderr.write('Usage: npm run sis:check -- <username>\n');
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const sisLine = startupReport(config).lines.find((l) => l.trim().startsWith('SIS:'));
  process.stdout.write(`${sisLine?.trim() ?? 'SIS'}\nEach read for ${username}:\n`);
  const ok = await readEach(config, username);
  process.stdout.write(`A student's first dashboard (${DASHBOARD.join(', ')}):\n`);
  await dashboard(config, username);
  process.exit(ok ? 0 : 1);
}

await main();
