import { cacheClearedSchema } from '../../contract/cache.schema.js';
import type { CacheCleared } from '../../contract/cache.schema.js';
import type { Http } from './client.js';

/** `POST /api/cache/clear`: the navigation guard's `?refresh` drops all of the user's cached answers. */
export async function clearServerCaches(http: Http): Promise<CacheCleared> {
  return cacheClearedSchema.parse(await http.post('cache/clear').json());
}
