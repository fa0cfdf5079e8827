import {
  canvasConnectSchema,
  courseworkDoneChangeSchema,
  courseworkFeedChangeSchema,
  courseworkSchema,
} from '../../contract/coursework.schema.js';
import type { Coursework } from '../../contract/coursework.schema.js';
import { errorSchema } from '../../contract/error.schema.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

/** The portal refused the pasted address (400), with the reason to show the student. */
export class CourseworkRefusedError extends Error {
  override name = 'CourseworkRefusedError';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** `GET /api/coursework`: the student's LMS calendar feed (masked) and its items. */
export async function fetchCoursework(http: Http): Promise<Coursework> {
  return courseworkSchema.parse(await http.get('coursework').json());
}

/** `PUT /api/coursework/feed`: adds or replaces the address; the server reads it once first. */
export async function saveCourseworkFeed(http: Http, address: string): Promise<Coursework> {
  const json = courseworkFeedChangeSchema.parse({ address });
  const answer = await http.put('coursework/feed', { json, throwHttpErrors: false });
  if (answer.status === 400) {
    const refusal = errorSchema.safeParse(await answer.json().catch(() => null));
    if (refusal.success) throw new CourseworkRefusedError(refusal.data.detail);
  }
  if (!answer.ok)
    throw new HttpStatusError(answer.status, `Adding the feed failed (${answer.status})`);
  return courseworkSchema.parse(await answer.json());
}

/** `DELETE /api/coursework/feed`: forgets the address and its items. */
export async function removeCourseworkFeed(http: Http): Promise<Coursework> {
  return courseworkSchema.parse(await http.delete('coursework/feed').json());
}

/** `POST /api/coursework/refresh`: reads the feed now. */
export async function refreshCoursework(http: Http): Promise<Coursework> {
  return courseworkSchema.parse(await http.post('coursework/refresh').json());
}

/** `PUT /api/coursework/done`: marks an item done in the portal, or not done again (undo). */
export async function markCourseworkDone(
  http: Http,
  change: { id: string; done: boolean },
): Promise<Coursework> {
  const json = courseworkDoneChangeSchema.parse(change);
  return courseworkSchema.parse(await http.put('coursework/done', { json }).json());
}

/**
 * `POST /api/coursework/canvas`: begins connecting the campus's Canvas; the answer is where the
 * browser goes for Canvas to ask the student (and back to Account after).
 */
export async function startCanvasConnection(http: Http): Promise<string> {
  return canvasConnectSchema.parse(await http.post('coursework/canvas').json()).url;
}
