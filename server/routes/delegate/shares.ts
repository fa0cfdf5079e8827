import type { FastifyInstance } from 'fastify';
import { DELEGATIONS_MAX } from '../../../contract/delegates.schema.js';
import type { DelegateMe } from '../../../contract/delegates.schema.js';
import { categoriesOf } from '../../delegates/rules.js';
import type { DelegateAccess } from '../../delegates/sign-in.js';

/** Each grant the delegate holds now (at most `DELEGATIONS_MAX`), with its student's name. */
export async function sharesOf(
  app: FastifyInstance,
  access: DelegateAccess,
): Promise<DelegateMe['shares']> {
  const grants = access.grants.slice(0, DELEGATIONS_MAX);
  const students = await Promise.all(
    grants.map((g) => app.repositories.users.findById(g.student_id)),
  );
  return grants.map((g, i) => ({
    delegation: g.id,
    student_name: `${students[i]?.first_name ?? ''} ${students[i]?.last_name ?? ''}`.trim(),
    categories: categoriesOf(g.categories),
    ends_at: new Date(g.ends_at).toISOString(),
  }));
}
