import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../../public/next-steps/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://portal.example';

/** Cache Storage as the worker sees it, in memory: cache name → URL → stored body. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (req: string | Request) =>
    new URL(typeof req === 'string' ? req : req.url, ORIGIN).href;
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map<string, Response>()));
    const s = store;
    return {
      match: async (req: string | Request) => s.get(keyOf(req))?.clone(),
      put: async (req: string | Request, res: Response) => void s.set(keyOf(req), res.clone()),
      add: async () => undefined,
    };
  };
  return {
    stores,
    api: { open, delete: async (name: string) => stores.delete(name) },
    async texts() {
      const all: string[] = [];
      for (const store of stores.values())
        for (const res of store.values()) all.push(await res.clone().text());
      return all;
    },
  };
}

/** Loads the worker with a network that answers `answer(url)`, and sends it fetches. */
function worker(answer: (url: string) => Response | Error) {
  const caches = fakeCaches();
  const listeners = new Map<string, (event: unknown) => void>();
  runInNewContext(source, {
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
    },
    caches: caches.api,
    fetch: async (request: Request) => {
      const result = answer(request.url);
      if (result instanceof Error) throw result;
      return result;
    },
    Response,
    URL,
    JSON,
    String,
    Array,
    Promise,
  });
  async function get(path: string) {
    let responded: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: new Request(`${ORIGIN}${path}`),
      respondWith: (p: Promise<Response>) => (responded = p),
    });
    if (!responded) throw new Error(`the worker did not answer ${path}`);
    return responded;
  }
  return { caches, get };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const user = (id: number, name: string) => [
  { id, username: name, first_name: name, auth_token: `secret-token-of-${name}` },
];
const tasks = (name: string) => [{ id: 1, task: { title: `task of ${name}` } }];

describe('the Next Steps worker keeps nothing of one person for the next', () => {
  it('never stores a response that carries a token: the user call is kept with its token blanked', async () => {
    const { caches, get } = worker((url) =>
      url.includes('/api/user/') ? json(user(1, 'ana')) : json(tasks('ana')),
    );
    const answer = await get('/next-steps/api/user/');
    expect(await answer.json()).toEqual(user(1, 'ana'));
    await get('/next-steps/api/user_task/?published=True');
    const stored = (await caches.texts()).join('\n');
    expect(stored).not.toContain('secret-token');
    expect(stored).toContain('task of ana');
  });

  it('offline, it answers the last user call without a token', async () => {
    let online = true;
    const { get } = worker(() => (online ? json(user(1, 'ana')) : new TypeError('offline')));
    await get('/next-steps/api/user/');
    online = false;
    const offline: unknown = await (await get('/next-steps/api/user/')).json();
    expect(offline).toEqual([{ ...user(1, 'ana')[0], auth_token: '' }]);
  });

  it('clears its data cache itself when the user call names another person', async () => {
    let who: [number, string] = [1, 'ana'];
    const { caches, get } = worker((url) =>
      url.includes('/api/user/') ? json(user(...who)) : json(tasks(who[1])),
    );
    await get('/next-steps/api/user/');
    await get('/next-steps/api/user_task/?published=True');
    who = [2, 'jo'];
    await get('/next-steps/api/user/');
    const stored = (await caches.texts()).join('\n');
    expect(stored).not.toContain('ana');
    expect(stored).toContain('jo');
  });

  it('clears its data cache when the user call says nobody is signed in (401)', async () => {
    let signedIn = true;
    const { caches, get } = worker((url) => {
      if (!signedIn) return json({ detail: 'Authentication credentials were not provided.' }, 401);
      return url.includes('/api/user/') ? json(user(1, 'ana')) : json(tasks('ana'));
    });
    await get('/next-steps/api/user/');
    await get('/next-steps/api/user_task/?published=True');
    signedIn = false;
    await get('/next-steps/api/user/');
    expect((await caches.texts()).join('\n')).not.toContain('ana');
  });

  it('keeps no task list before the user call said whose it is', async () => {
    const { caches, get } = worker(() => json(tasks('ana')));
    await get('/next-steps/api/user_task/?published=True');
    expect(await caches.texts()).toEqual([]);
  });
});
