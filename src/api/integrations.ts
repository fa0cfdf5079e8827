import type { z } from 'zod';
import { integrationAnswerSchemas } from '../../contract/sis/integrations.schema.js';
import type {
  Integration,
  IntegrationAnswer,
  PlainIntegration,
  TermIntegration,
} from '../../contract/sis/integrations.schema.js';
import type { TermCode } from '../../contract/sis/common.schema.js';
import type { Http } from './client.js';

/** The same schemas, typed per read so that a generic read gets its own answer type. */
const parsers: { [I in Integration]: z.ZodType<IntegrationAnswer<I>> } = integrationAnswerSchemas;
const schemaOf = <I extends Integration>(read: I): z.ZodType<IntegrationAnswer<I>> => parsers[read];

/**
 * `GET /api/integrations/finti/<read>`: the signed-in user's own record, parsed with the contract.
 * The answer may be a `p_result: "Warning"` (see `isSisWarning`), which the portal treats as empty.
 * A failure answers 500 `{detail, component}`; ky throws it as an HTTPError.
 */
export async function fetchIntegration<I extends PlainIntegration>(
  http: Http,
  read: I,
): Promise<IntegrationAnswer<I>> {
  return http.get(`integrations/finti/${read}`).json(schemaOf(read));
}

/** The per-term reads: courses, schedule and grades of a term such as 202604. */
export async function fetchTermIntegration<I extends TermIntegration>(
  http: Http,
  read: I,
  term: TermCode,
): Promise<IntegrationAnswer<I>> {
  return http.get(`integrations/finti/${read}`, { searchParams: { term } }).json(schemaOf(read));
}
