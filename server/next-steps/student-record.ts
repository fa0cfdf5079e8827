import type { FastifyInstance } from 'fastify';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { cacheKey } from '../plugins/cache.js';
import { freshMinutes, sisAnswerSchema } from '../sis/endpoints.js';
import type { SisAnswer } from '../sis/endpoints.js';
import type { StudentRecordFacts } from './rules.js';

type RecordRead = 'curriculum-info' | 'standing' | 'person-info';

/**
 * What the student record says of the person (program level, admission, class standing, veteran and
 * citizenship data), read through the person's SIS cache as the portal reads it. Null when the SIS
 * cannot answer: the caller then falls back to what it knows without the record.
 */
export async function readStudentRecord(
  app: FastifyInstance,
  user: Pick<UserRecord, 'id' | 'username' | 'persona'>,
): Promise<StudentRecordFacts | null> {
  const read = async <E extends RecordRead>(endpoint: E): Promise<SisAnswer<E>> => {
    const { value } = await app.cache.read(
      cacheKey(user.id, endpoint),
      freshMinutes[endpoint] * 60_000,
      () => app.sis.read(endpoint, { username: user.username, persona: user.persona }),
      sisAnswerSchema(endpoint),
    );
    return value;
  };
  try {
    const [curriculum, standing, person] = await Promise.all([
      read('curriculum-info'),
      read('standing'),
      read('person-info'),
    ]);
    return {
      curricula: isSisWarning(curriculum) ? [] : curriculum.curricula,
      classStanding: isSisWarning(standing) ? null : standing.class_standing,
      person: isSisWarning(person) ? null : person,
    };
  } catch (err) {
    app.log.warn({ err }, 'Next Steps: the student record could not be read; default affiliations');
    return null;
  }
}
