import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { cacheKey, selfReader } from '../cache/keys.js';
import { MemoryCacheStore } from '../cache/memory-store.js';
import { ReadThroughCache } from '../cache/read-through.js';
import { freshMinutes, sisAnswerSchema } from './endpoints.js';
import type { SisEndpoint } from './endpoints.js';
import type { SisPort } from './port.js';

/** The reads of a student's first dashboard: sign-in, the frame, Today's Classes, Next Steps. */
export const DASHBOARD: readonly SisEndpoint[] = [
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

/** One measured dashboard: what it was, its upstream calls and its time. */
export interface DashboardCost {
  label: string;
  calls: number;
  ms: number;
}

export interface DashboardMeasure {
  /** A new adapter, as a new server process has (`shared`: the code tables' store, when Ethos). */
  open: () => SisPort;
  username: string;
  /** The upstream calls made so far (sis:check counts the outbound requests). */
  upstream: () => number;
  /** Ethos: a code-table store shared by the adapters `open` makes, so the second has them warm. */
  codeTables: boolean;
  clock?: () => Date;
}

/** One browser's dashboard: the term first (Today's Classes needs it), then the rest at once. */
async function page(sis: SisPort, cache: ReadThroughCache, username: string) {
  const person = { username, persona: null };
  const cached = <E extends SisEndpoint>(read: E, term?: string) =>
    cache.read(
      cacheKey(selfReader(0), read, term),
      freshMinutes[read] * 60_000,
      () => sis.read(read, person, term),
      sisAnswerSchema(read),
    );
  const { value: current } = await cached('current-term');
  const term = isSisWarning(current) ? undefined : current.p_term_out;
  const rest = DASHBOARD.filter((r) => !['identity', 'current-term', 'schedule'].includes(r));
  // Identity is read at every sign-in, never cached.
  await Promise.all([
    sis.read('identity', person),
    ...rest.map((read) => cached(read)),
    cached('schedule', term),
  ]);
}

/**
 * What a browser's first dashboard costs upstream (issue 72): on a new process (the code tables cold,
 * for Ethos); on another new process once the code tables are in the store the processes share (the
 * person's reads alone); and the same browser again (its answers cached: none). A read that fails is
 * counted all the same.
 */
export async function measureFirstDashboard(measure: DashboardMeasure): Promise<DashboardCost[]> {
  const clock = measure.clock ?? (() => new Date());
  const costs: DashboardCost[] = [];
  const run = async (label: string, sis: SisPort, cache: ReadThroughCache) => {
    const before = measure.upstream();
    const start = performance.now();
    await page(sis, cache, measure.username).catch(() => undefined);
    const ms = Math.round(performance.now() - start);
    costs.push({ label, calls: measure.upstream() - before, ms });
  };
  const newCache = () => new ReadThroughCache({ store: new MemoryCacheStore(), clock });
  let sis = measure.open();
  let cache = newCache();
  await run(measure.codeTables ? 'code tables cold' : 'first dashboard', sis, cache);
  if (measure.codeTables) {
    // Another new process: its own adapter and answers, the code tables in the shared store.
    sis = measure.open();
    cache = newCache();
    await run('code tables warm', sis, cache);
  }
  await run('cached answers', sis, cache);
  return costs;
}

/** The lines sis:check prints of the costs. */
export function dashboardReport(costs: readonly DashboardCost[]): string[] {
  const why: Record<string, string> = {
    'code tables cold': "a new process: the person's reads and every code table they need",
    'code tables warm':
      "another new process: the person's reads alone, the code tables from the shared store",
    'first dashboard': "the person's reads",
    'cached answers': 'the same browser again: only identity, read at every sign-in',
  };
  return costs.map(
    (c) => `  ${c.label}: ${c.calls} upstream call(s), ${c.ms} ms (${why[c.label] ?? ''})`,
  );
}
