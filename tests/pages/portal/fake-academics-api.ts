import { vi } from 'vitest';
import { student } from '../../../server/sis/fixtures/student.js';

export type Answer = { status: number; body: unknown } | 'hang';

/** The sample student's answers for every call of the Academics page, by path (and `?term=`). */
export function studentAnswers(): Record<string, Answer> {
  const ok = (body: unknown) => ({ status: 200, body });
  const perTerm = (read: 'schedule' | 'courses' | 'grades') =>
    Object.fromEntries(
      Object.entries(student[read]).map(([term, body]) => [
        `/api/integrations/finti/${read}?term=${term}`,
        ok(body),
      ]),
    );
  const fall = student.courses['202604'];
  const courses = Array.isArray(fall) ? fall : [];
  return {
    ...Object.fromEntries(
      (
        [
          'current-term',
          'term-info',
          'bookstore',
          'gpa',
          'advisor',
          'standing',
          'curriculum-info',
          'person-info',
          'degree-progress',
        ] as const
      ).map((read) => [`/api/integrations/finti/${read}`, ok(student[read])]),
    ),
    '/api/calendar/subscription': ok({ state: 'none' }),
    // Issue 92: none booked; the appointments' tests post their own.
    '/api/appointments': ok({ appointments: [] }),
    '/api/psu_user_profile': ok([]),
    ...perTerm('schedule'),
    ...perTerm('courses'),
    ...perTerm('grades'),
    '/api/academics/attendance?term=202604': ok({
      term: '202604',
      courses: courses.map((c) => ({
        TERMCODE: c.TERMCODE,
        COURSEREGISTRATIONNUMBER: c.COURSEREGISTRATIONNUMBER,
        SUBJECT: c.SUBJECT,
        COURSENUMBER: c.COURSENUMBER,
        COURSETITLE: c.COURSETITLE,
        INITATTENDANCE: c.INITATTENDANCE,
        ACCEPTEDAID: c.ACCEPTEDAID,
        EXCLUSIONLIST: c.EXCLUSIONLIST,
        read_on: null,
      })),
    }),
  };
}

export const failing: Answer = { status: 500, body: { detail: 'No answer', component: 'x' } };
export const warning: Answer = { status: 200, body: { p_result: 'Warning', p_message: 'None' } };

/**
 * Stands in for the network under the page: answers by path from `answers` (anything else 404) and
 * records each request. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(answers: Record<string, Answer>) {
  const requests: { method: string; path: string; body: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const term = url.searchParams.get('term');
    const path = `${url.pathname}${term ? `?term=${term}` : ''}`;
    requests.push({ method: request.method, path, body: await request.text() });
    const answer = answers[`${request.method === 'POST' ? 'POST ' : ''}${path}`];
    if (answer === 'hang') return new Promise<Response>(() => {});
    const { status, body } = answer ?? { status: 404, body: { detail: 'Not found.' } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}
