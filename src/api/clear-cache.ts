import { clearCacheAnswerSchema } from '../../contract/sis/clear-cache.schema.js';
import type { ClearCacheAnswer, ClearableEndpoint } from '../../contract/sis/clear-cache.schema.js';
import type { Http } from './client.js';

/** `POST /api/integrations/finti/clear-cache`: refresh one read after the user edited it elsewhere. */
export async function clearIntegrationCache(
  http: Http,
  endpoint: ClearableEndpoint,
): Promise<ClearCacheAnswer> {
  const answer = await http.post('integrations/finti/clear-cache', { json: { endpoint } }).json();
  return clearCacheAnswerSchema.parse(answer);
}
