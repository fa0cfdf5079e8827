import {
  curriculumInfoAnswerSchema,
  standingAnswerSchema,
} from '../../../../contract/sis/academics.schema.js';
import type { CurriculumInfo, Standing } from '../../../../contract/sis/academics.schema.js';
import type { z } from 'zod';
import type {
  IntegrationAnswer,
  PlainIntegration,
} from '../../../../contract/sis/integrations.schema.js';
import type { Http } from '../../../api/client.js';
import { fetchIntegration } from '../../../api/integrations.js';
import { dataOf } from '../../../lib/sis-answer.js';

/** One integration read; a `p_result: "Warning"` answer comes back as null (empty, portal.md §7). */
export async function readOrEmpty<I extends PlainIntegration>(
  http: Http,
  read: I,
  schema: z.ZodType<IntegrationAnswer<I>>,
) {
  return dataOf(await fetchIntegration(http, read, schema));
}

export interface StudentProgram {
  curriculum: CurriculumInfo | null;
  standing: Standing | null;
}

/** The academic program and the class standing, which the student card and the grid both show. */
export async function readStudentProgram(http: Http): Promise<StudentProgram> {
  const [curriculum, standing] = await Promise.all([
    readOrEmpty(http, 'curriculum-info', curriculumInfoAnswerSchema),
    readOrEmpty(http, 'standing', standingAnswerSchema),
  ]);
  return { curriculum, standing };
}
