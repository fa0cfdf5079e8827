// bench:campus's load, run by campus-load.mjs in a process of its own: RATE requests a second from
// signed-in people chosen at random, spread over one server or several (as behind a balancer, each
// request to the next), with the dashboard's reads timed one by one.
import { spawn } from 'node:child_process';
import type { CampusSession } from './campus-store.js';

/** The dashboard's reads for a student (src/pages/portal/dashboard/early-read.ts and its blocks) that
 * the portal answers from its store and caches; the SIS reads (finti/*) need a student information
 * system, which the bench has none of. */
export const DASHBOARD = [
  '/api/users/user',
  '/api/status',
  '/api/dashboard/blocks',
  '/api/pages?path=/',
  '/api/posts?post_type=blog',
  '/api/notifications/user',
  '/api/integrations/mynextsteps/tasks',
  '/api/integrations/rave-messages',
  '/api/integrations/pdx/events',
];
const WORDS = [
  'library',
  'registration',
  'tuition deadline',
  'schol',
  'parking',
  'exam',
  'advising',
  'housing',
];

export interface LoadResult {
  requestsPerSecond: number;
  generatorLongestTimerGapMs: number;
  errors: number;
  firstErrors: string[];
  dashboardReads: Record<string, { p50Ms: number; p99Ms: number }>;
  operations: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number }>;
}

/** Reads the dashboard once as the first session on every server: the feeds' first read fetches them. */
export async function warm(bases: string[], session: CampusSession) {
  for (const base of bases) {
    for (const path of DASHBOARD) {
      const r = await fetch(`${base}${path}`, {
        headers: {
          authorization: `Token ${session.token}`,
          cookie: `portal_session=${session.sessionId}`,
        },
      });
      if (!r.ok) throw new Error(`${base}${path} answered ${r.status}`);
    }
  }
}

export function runLoad(
  bases: string[],
  sessions: CampusSession[],
  { rate, seconds }: { rate: number; seconds: number },
) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/campus-load.mjs'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
      else resolve(JSON.parse(out) as LoadResult);
    });
    child.stdin.end(
      JSON.stringify({
        bases,
        sessions: sessions.map((s) => ({
          token: s.token,
          sessionId: s.sessionId,
          taskIds: s.taskIds,
        })),
        rate,
        seconds,
        warmSeconds: 3,
        dashboard: DASHBOARD,
        words: WORDS,
      }),
    );
  });
}
