import type { FastifyInstance } from 'fastify';
import type { DelegateMe } from '../../../contract/delegates.schema.js';
import { categoriesOf } from '../../delegates/rules.js';
import type { DelegateAccess } from '../../delegates/sign-in.js';

/**
 * Each grant the delegate holds now, with its student's name: at most `DELEGATIONS_MAX`, the
 * ceiling `delegateAccess` read them with (a LIMIT in the query, issue 87).
 */
export async function sharesOf(
  app: FastifyInstance,
  access: DelegateAccess,
): Promise<DelegateMe['shares']> {
  const grants = access.grants;
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
