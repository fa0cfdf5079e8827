import type { Coursework } from '../../../contract/coursework.schema.js';
import type { NextStepsUser } from '../../../contract/next-steps/user.schema.js';
import type { Http } from '../client.js';

/** The list's coursework calls (machines/coursework-items.machine.ts `CourseworkEffects`). */
interface ListCoursework {
  fetch: () => Promise<Coursework>;
  setDone: (change: { id: string; done: boolean }) => Promise<Coursework>;
}

/** A delegate's list (issue 88): the student's coursework is no part of what they shared. */
const NOT_SHARED: Coursework = { feed: { state: 'none' }, items: [] };

/**
 * The student's coursework for their Next Steps list (issue 45), by the portal's API, its code
 * loaded with the list: read for the person's own list and never asked in a delegate's
 * (`shared`), whose share holds the checklist, not the student's LMS calendar.
 */
export function listCoursework(
  portalHttp: Http,
  user: () => NextStepsUser | null,
  setDone?: ListCoursework['setDone'],
): ListCoursework {
  const api = () => import('../coursework.js');
  return {
    fetch: async () => (user()?.shared ? NOT_SHARED : (await api()).fetchCoursework(portalHttp)),
    setDone: setDone ?? (async (change) => (await api()).markCourseworkDone(portalHttp, change)),
  };
}
