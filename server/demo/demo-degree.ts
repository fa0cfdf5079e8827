import type { DegreeProgress } from '../../contract/sis/degree-progress.schema.js';
import { FALL_2026, SPRING_2026 } from '../sis/fixtures/common.js';

const course = (code: string, title: string, term: string, grade: string | null) => ({
  course: code,
  title,
  term,
  credits: 4,
  grade,
  in_progress: grade === null,
});

/** The demo student's degree audit (issue 92): a History junior, two classes in progress. */
export const demoDegree: DegreeProgress = {
  as_of: '2026-11-28T14:00:00Z',
  catalog_year: '2024–2025',
  percent_requirements: 64,
  percent_credits: 71,
  credits_applied: 128,
  credits_required: 180,
  what_if_url: null,
  blocks: [
    {
      kind: 'major',
      title: 'History',
      state: 'in-progress',
      rules: [
        {
          label: 'United States history',
          state: 'complete',
          remaining: null,
          courses: [course('HST 201', 'History of the United States', SPRING_2026, 'A-')],
        },
        {
          label: 'Upper-division history',
          state: 'in-progress',
          remaining: { unit: 'classes', count: 2, from: ['HST 410', 'HST 415', 'HST 440'] },
          courses: [
            course('HST 330', 'The Pacific Northwest', FALL_2026, null),
            course('HST 399', 'Digital History Lab', FALL_2026, null),
          ],
        },
        {
          label: 'Senior seminar',
          state: 'needed',
          remaining: { unit: 'classes', count: 1, from: ['HST 407'] },
          courses: [],
        },
      ],
      courses: [],
    },
  ],
};
