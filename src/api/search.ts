import { searchAnswerSchema } from '../../contract/search.schema.js';
import type { SearchAnswer } from '../../contract/search.schema.js';
import type { Http } from './client.js';

/** `GET /api/search?q=`: grouped results the signed-in person may see, parsed by the contract. */
export async function fetchSearch(
  http: Http,
  query: string,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  const answer = await http.get('search', { searchParams: { q: query }, signal }).json();
  return searchAnswerSchema.parse(answer);
}
