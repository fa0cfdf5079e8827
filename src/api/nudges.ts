import { nudgeDismissedSchema } from '../../contract/sis/nudges.schema.js';
import type { NudgeDismissed, NudgeType } from '../../contract/sis/nudges.schema.js';
import type { Http } from './client.js';

/** `POST /api/integrations/finti/nudges`: dismisses a nudge (both deposit nudges go together). */
export async function dismissNudge(http: Http, nudge_type: NudgeType): Promise<NudgeDismissed> {
  const answer = await http.post('integrations/finti/nudges', { json: { nudge_type } }).json();
  return nudgeDismissedSchema.parse(answer);
}
