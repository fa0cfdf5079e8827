import type { FastifyInstance } from 'fastify';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { SisAnswer } from '../sis/endpoints.js';
import type { StudentRecordFacts } from './rules.js';

type RecordRead = 'curriculum-info' | 'standing' | 'person-info';

/**
 * What the student record says of the person (program level, admission, class standing, veteran and
 * citizenship data). Read once, when Next Steps first meets the person, straight from the SIS: the
 * person's cache is the portal's, filled by what the portal asks. Null when the SIS cannot answer:
 * the caller then falls back to what it knows without the record.
 */
export async function readStudentRecord(
  app: FastifyInstance,
  user: Pick<UserRecord, 'id' | 'username' | 'persona'>,
  /** The sign-in's token, where the SIS is read as the student (issue 91). */
  bearer?: string,
): Promise<StudentRecordFacts | null> {
  const person = { username: user.username, persona: user.persona, ...(bearer ? { bearer } : {}) };
  const read = <E extends RecordRead>(endpoint: E): Promise<SisAnswer<E>> =>
    app.sis.read(endpoint, person);
  try {
    const [curriculum, standing, info] = await Promise.all([
      read('curriculum-info'),
      read('standing'),
      read('person-info'),
    ]);
    return {
      curricula: isSisWarning(curriculum) ? [] : curriculum.curricula,
      classStanding: isSisWarning(standing) ? null : standing.class_standing,
      person: isSisWarning(info) ? null : info,
    };
  } catch (err) {
    app.log.warn({ err }, 'Next Steps: the student record could not be read; default affiliations');
    return null;
  }
}
