import { myNextStepsTaskListSchema } from '../../contract/next-steps/mynextsteps.schema.js';
import type { MyNextStepsTask } from '../../contract/next-steps/mynextsteps.schema.js';
import type { Http } from './client.js';

/** portal.md §7 `GET /api/integrations/mynextsteps/tasks`, by the client's `Authorization: Token …`. */
export async function fetchMyNextSteps(http: Http): Promise<MyNextStepsTask[]> {
  const answer = await http.get('integrations/mynextsteps/tasks').json();
  return myNextStepsTaskListSchema.parse(answer);
}
