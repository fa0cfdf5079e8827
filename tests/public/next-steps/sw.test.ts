import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

// Next Steps' former worker, retired (issue 44): the portal's one worker (worker/sw.ts, tested in
// tests/worker/) serves Next Steps now. A browser that still has the former registration fetches
// this file once more; it must leave nothing of the former worker behind.
const source = readFileSync(new URL('../../../public/next-steps/sw.js', import.meta.url), 'utf8');

/** Loads the retiring worker with its caches, registration and windows as plain records. */
function retiringWorker(cacheNames: string[]) {
  const caches = new Set(cacheNames);
  const listeners = new Map<string, (event: unknown) => void>();
  const happened: string[] = [];
  runInNewContext(source, {
    self: {
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
      skipWaiting: async () => void happened.push('skipWaiting'),
      registration: { unregister: async () => void happened.push('unregister') },
      clients: {
        matchAll: async () => [
          {
            url: 'https://portal.example/next-steps/task',
            navigate: async (url: string) => void happened.push(`navigate ${url}`),
          },
        ],
      },
    },
    caches: { delete: async (name: string) => caches.delete(name) },
    Promise,
  });
  async function send(type: string) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return { caches, happened, send, listens: () => [...listeners.keys()] };
}

describe('the former Next Steps worker retires itself', () => {
  it('takes over at once, deletes every former cache, unregisters and reloads the pages it served', async () => {
    const w = retiringWorker(['next-steps-shell-v1', 'next-steps-data-v2', 'workbox-precache-v2']);
    await w.send('install');
    await w.send('activate');
    expect(w.happened).toEqual([
      'skipWaiting',
      'unregister',
      'navigate https://portal.example/next-steps/task',
    ]);
    // The portal worker's own precache is not the former worker's to delete.
    expect([...w.caches]).toEqual(['workbox-precache-v2']);
  });

  it('answers no request: it has no fetch handler, so nothing is served from a former cache', () => {
    expect(retiringWorker([]).listens().sort()).toEqual(['activate', 'install']);
  });
});
