import type { ConsentRecord } from '../../contract/delegates.schema.js';
import type { ConsentRow } from '../db/repositories/delegations.repository.js';
import { categoriesOf } from './rules.js';

const CHANGES: readonly ConsentRecord['change'][] = ['grant', 'change', 'revoke'];

/** A stored consent record as the contract says it. */
export const toConsentRecord = (row: ConsentRow): ConsentRecord => ({
  id: row.id,
  change: CHANGES.find((c) => c === row.change) ?? 'change',
  student_name: row.student_name,
  student_username: row.student_username,
  delegate_name: row.delegate_name,
  delegate_email: row.delegate_email,
  categories: categoriesOf(row.categories),
  purpose: row.purpose,
  starts_at: new Date(row.starts_at).toISOString(),
  ends_at: new Date(row.ends_at).toISOString(),
  signed_by: row.signed_by,
  signed_at: new Date(row.signed_at).toISOString(),
});
