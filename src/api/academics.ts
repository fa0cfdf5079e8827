import { advisorAnswerSchema } from '../../contract/sis/advisors.schema.js';
import {
  curriculumInfoAnswerSchema,
  standingAnswerSchema,
} from '../../contract/sis/academics.schema.js';
import { gpaAnswerSchema } from '../../contract/sis/gpa.schema.js';
import { coursesAnswerSchema, gradesAnswerSchema } from '../../contract/sis/courses.schema.js';
import { scheduleAnswerSchema } from '../../contract/sis/schedule.schema.js';
import { degreeProgressAnswerSchema } from '../../contract/sis/degree-progress.schema.js';
import { personInfoAnswerSchema } from '../../contract/sis/person-info.schema.js';
import {
  bookstoreAnswerSchema,
  termInfoAnswerSchema,
} from '../../contract/sis/term-info.schema.js';
import { currentTermAnswerSchema } from '../../contract/sis/term.schema.js';
import type { TermCode } from '../../contract/sis/common.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { gradeTerms } from '../lib/grade-terms.js';
import { fetchAttendance } from './attendance.js';
import type { Http } from './client.js';
import { fetchIntegration, fetchTermIntegration } from './integrations.js';

/** One call shared by every section that needs it; a failed call is tried afresh next time. */
function shared<T>(call: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= call().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * The calls of the Academics page and Today's Classes (portal.md §7), every answer parsed with its
 * contract schema. The current term, term info, the program and the standing are asked once per
 * page, whichever section asks (the student card and its sections).
 */
export function createAcademicsApi(http: Http) {
  const currentTerm = shared(() => fetchIntegration(http, 'current-term', currentTermAnswerSchema));
  const curriculum = shared(() =>
    fetchIntegration(http, 'curriculum-info', curriculumInfoAnswerSchema),
  );
  const standing = shared(() => fetchIntegration(http, 'standing', standingAnswerSchema));
  return {
    currentTerm,
    termInfo: shared(() => fetchIntegration(http, 'term-info', termInfoAnswerSchema)),
    curriculum,
    /**
     * The terms of the grades picker: the last year of terms, and back to the earliest catalog term.
     * Without the program (its own section reports that failure) the last year of terms.
     */
    gradeTerms: shared(async () => {
      const current = await currentTerm();
      if (isSisWarning(current)) return [];
      const info = await curriculum().catch(() => null);
      const catalog = info && !isSisWarning(info) ? info.curricula.map((c) => c.CATALOG_TERM) : [];
      return gradeTerms(current.p_term_out, catalog);
    }),
    bookstore: () => fetchIntegration(http, 'bookstore', bookstoreAnswerSchema),
    standing,
    gpa: () => fetchIntegration(http, 'gpa', gpaAnswerSchema),
    advisors: () => fetchIntegration(http, 'advisor', advisorAnswerSchema),
    /** Issue 92: the degree audit the campus's system made. */
    degreeProgress: () => fetchIntegration(http, 'degree-progress', degreeProgressAnswerSchema),
    personInfo: () => fetchIntegration(http, 'person-info', personInfoAnswerSchema),
    schedule: (term: TermCode) =>
      fetchTermIntegration(http, 'schedule', term, scheduleAnswerSchema),
    courses: (term: TermCode) => fetchTermIntegration(http, 'courses', term, coursesAnswerSchema),
    grades: (term: TermCode) => fetchTermIntegration(http, 'grades', term, gradesAnswerSchema),
    attendance: (term: TermCode) => fetchAttendance(http, term),
  };
}
