// What bench/changes.bench.ts measures around a sweep: the students it adds to the store, the
// process's peak memory, and other requests' latency with and without the work running.
import type { Database } from '../../server/db/database.js';

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const summary = (ms: number[]) => ({
  requests: ms.length,
  p50_ms: round(percentile(ms, 50)),
  p95_ms: round(percentile(ms, 95)),
});

/** `count` students `student<n>`, 500 a statement. */
export async function addStudents(database: Database, count: number, prefix = 'student') {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i += 500) {
    const ids = Array.from({ length: Math.min(500, count - i) }, (_, k) => i + k);
    await database.db
      .insertInto('users')
      .values(
        ids.map((n) => ({
          username: `${prefix}${n}`,
          persona: null,
          first_name: 'Student',
          last_name: String(n),
          email: `${prefix}${n}@campus.example.edu`,
          nine_number: `9${String(n).padStart(8, '0')}`,
          primary_role: 'student',
          other_roles: '[]',
          is_staff: 0,
          is_superuser: 0,
          can_use_demo: 0,
          financial_dashboard_access: 0,
          has_provisional_account: 0,
          role_acknowledged_on: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** Samples the resident set every 50 ms; `stop()` answers its peak in MB. */
export function peakMemory() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, 0);
    },
  };
}

/**
 * Other requests, one after another (the public campus configuration, a signed-in student's cached
 * holds): 300 alone first, then as many as fit while `work` runs. Their latency, and the ratio.
 */
export async function latencyRun<T>(address: string, token: string, work: () => Promise<T>) {
  const reads = [
    () => fetch(`${address}/api/campus`),
    () =>
      fetch(`${address}/api/integrations/finti/holds`, {
        headers: { authorization: `Token ${token}` },
      }),
  ];
  const loop = async (until: () => boolean) => {
    const ms: number[] = [];
    for (let i = 0; !until(); i += 1) {
      const started = performance.now();
      const response = await reads[i % reads.length]!();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`A read answered ${response.status}`);
      ms.push(performance.now() - started);
    }
    return ms;
  };
  let warm = 0;
  await loop(() => warm++ >= 50);
  let count = 0;
  const alone = summary(await loop(() => count++ >= 300));
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  const [result, ms] = await Promise.all([running, loop(() => done)]);
  const during = summary(ms);
  return {
    result,
    alone,
    during,
    ratio: {
      p50: round(during.p50_ms / Math.max(alone.p50_ms, 0.01)),
      p95: round(during.p95_ms / Math.max(alone.p95_ms, 0.01)),
    },
  };
}
