import { cacheClearedSchema } from '../../contract/cache.schema.js';
import type { CacheCleared } from '../../contract/cache.schema.js';
import type { Http } from './client.js';

/** `POST /api/cache/clear` (the `?refresh` query): drops this user's server-side cached answers. */
export async function clearCache(http: Http): Promise<CacheCleared> {
  return cacheClearedSchema.parse(await http.post('cache/clear').json());
}
