import { degreeHeadlineAnswerSchema } from '../../contract/sis/degree-headline.schema.js';
import type { DegreeHeadline } from '../../contract/sis/degree-headline.schema.js';
import { dataOf } from '../lib/sis-answer.js';
import type { Http } from './client.js';

/**
 * `GET /api/integrations/finti/degree-progress/headline` (issue 92): the degree audit's headline
 * figures, parsed with the contract; null when no audit is on record (the SIS's Warning).
 */
export async function fetchDegreeHeadline(http: Http): Promise<DegreeHeadline | null> {
  const answer = await http.get('integrations/finti/degree-progress/headline').json();
  return dataOf(degreeHeadlineAnswerSchema.parse(answer));
}
