import type { z } from 'zod';
import type {
  IntegrationAnswer,
  PlainIntegration,
  TermIntegration,
} from '../../contract/sis/integrations.schema.js';
import type { TermCode } from '../../contract/sis/common.schema.js';
import type { Http } from './client.js';

/**
 * A read's answer schema (`holdsAnswerSchema` for `holds`, from the contract), passed by its caller
 * rather than looked up here: a lookup would carry every read's schema into every bundle.
 */
type AnswerSchema<I extends PlainIntegration | TermIntegration> = z.ZodType<IntegrationAnswer<I>>;

/**
 * `GET /api/integrations/finti/<read>`: the signed-in user's own record, parsed with the contract.
 * The answer may be a `p_result: "Warning"` (see `isSisWarning`), which the portal treats as empty.
 * A failure answers 500 `{detail, component}`; ky throws it as an HTTPError.
 */
export async function fetchIntegration<I extends PlainIntegration>(
  http: Http,
  read: I,
  schema: AnswerSchema<I>,
): Promise<IntegrationAnswer<I>> {
  return schema.parse(await http.get(`integrations/finti/${read}`).json());
}

/** The per-term reads: courses, schedule and grades of a term such as 202604. */
export async function fetchTermIntegration<I extends TermIntegration>(
  http: Http,
  read: I,
  term: TermCode,
  schema: AnswerSchema<I>,
): Promise<IntegrationAnswer<I>> {
  const answer = await http.get(`integrations/finti/${read}`, { searchParams: { term } }).json();
  return schema.parse(answer);
}
