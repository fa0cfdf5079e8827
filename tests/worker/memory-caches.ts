/** An in-memory CacheStorage, keyed by path and query, enough for the worker's rules. */
export function memoryCaches(): CacheStorage {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => {
    const url = new URL(
      typeof request === 'string' ? request : 'url' in request ? request.url : request.href,
      'https://portal.example.edu',
    );
    return `${url.pathname}${url.search}`;
  };
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      match: async (request: RequestInfo | URL) => entries.get(keyOf(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.set(keyOf(request), response.clone());
      },
      keys: async () =>
        [...entries.keys()].map((k) => new Request(`https://portal.example.edu${k}`)),
    }) as unknown as Cache;
  return {
    open: async (name: string) => {
      let entries = stores.get(name);
      if (!entries) {
        entries = new Map();
        stores.set(name, entries);
      }
      return cacheOf(entries);
    },
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    match: async () => undefined,
  } as unknown as CacheStorage;
}
