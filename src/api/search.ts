import { searchAnswerSchema } from '../../contract/search.schema.js';
import type { SearchAnswer } from '../../contract/search.schema.js';
import type { Http } from './client.js';

/**
 * `GET /api/search?q=`: grouped results the signed-in person may see, parsed by the contract.
 * `after` (a group's `next`, issue 87) asks for that group's next page alone.
 */
export async function fetchSearch(
  http: Http,
  query: string,
  signal?: AbortSignal,
  after?: string,
): Promise<SearchAnswer> {
  const searchParams = after === undefined ? { q: query } : { q: query, after };
  const answer = await http.get('search', { searchParams, signal }).json();
  return searchAnswerSchema.parse(answer);
}
