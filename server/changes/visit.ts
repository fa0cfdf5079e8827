import { advisorsSchema } from '../../contract/sis/advisors.schema.js';
import { gradesSchema } from '../../contract/sis/courses.schema.js';
import { scheduleSchema } from '../../contract/sis/schedule.schema.js';
import { accountSummarySchema } from '../../contract/sis/finances.schema.js';
import { holdsSchema } from '../../contract/sis/holds.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { SisEndpoint } from '../sis/endpoints.js';
import { fingerprintOf } from './fingerprint.js';
import type { Fingerprint, RecordReads } from './fingerprint.js';

/** The reads a fingerprint is made of: a fresh one of these, on a visit, is compared. */
export const FINGERPRINT_READS = new Set<SisEndpoint>([
  'holds',
  'advisor',
  'financial-account-summary',
  'schedule',
  'grades',
]);

/**
 * The reads whose fresh answer, on the person's own visit, may write for them: the fingerprint's
 * (compared), and the degree audit, whose requirements still needed in the last two terms make a
 * Next Steps task (issue 92, degree-task.ts). A route serving one declares `writesOnRead`.
 */
export const SEEN_READS = new Set<SisEndpoint>([...FINGERPRINT_READS, 'degree-progress']);

const inTerm = <T extends { term: string }>(
  record: Record<string, T>,
  term: string,
  keep: boolean,
) => Object.fromEntries(Object.entries(record).filter(([, v]) => (v.term === term) === keep));

const sorted = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The stored fingerprint with the part one fresh read gives in place of the old one: a student's own
 * visit reads their holds, their schedule, and so on, one at a time, and each fresh read (a cache
 * miss: the page's own, never an extra SIS call) is compared alone. Undefined when the read is none
 * of the fingerprint's or is of a term the fingerprint does not hold (the sweep's baseline takes a
 * new term).
 */
export function withFreshRead(
  stored: Fingerprint,
  read: SisEndpoint,
  answer: unknown,
  term: string | undefined,
): Fingerprint | undefined {
  if (!FINGERPRINT_READS.has(read)) return undefined;
  // A SIS warning is an empty answer, as the sweep reads it (sweep.ts); no balance is no change.
  if (isSisWarning(answer)) answer = read === 'financial-account-summary' ? undefined : [];
  const empty = { terms: [], holds: [], schedule: [], grades: [], account: null, advisors: [] };
  const fresh = (reads: Partial<RecordReads>) => fingerprintOf({ ...empty, ...reads });
  // The answers were checked as they were read: checked again here for their type.
  switch (read) {
    case 'holds': {
      const holds = holdsSchema.safeParse(answer);
      if (!holds.success) return undefined;
      // The holds with their offices: a hold added on a visit names its office when removed.
      const held = fresh({ holds: holds.data });
      return { ...stored, holds: held.holds, offices: held.offices };
    }
    case 'advisor': {
      const advisors = advisorsSchema.safeParse(answer);
      return advisors.success
        ? { ...stored, advisor: fresh({ advisors: advisors.data }).advisor }
        : undefined;
    }
    case 'financial-account-summary': {
      const account = accountSummarySchema.safeParse(answer);
      return account.success
        ? { ...stored, balance: fresh({ account: account.data }).balance }
        : undefined;
    }
    case 'schedule': {
      const schedule = scheduleSchema.safeParse(answer);
      if (!schedule.success || term === undefined || !stored.terms.includes(term)) return undefined;
      const classes = fresh({ schedule: schedule.data }).classes;
      return {
        ...stored,
        classes: sorted({ ...inTerm(stored.classes, term, false), ...inTerm(classes, term, true) }),
      };
    }
    case 'grades': {
      const parsed = gradesSchema.safeParse(answer);
      if (!parsed.success || term === undefined || !stored.terms.includes(term)) return undefined;
      const grades = fresh({ grades: parsed.data }).grades;
      return {
        ...stored,
        grades: sorted({ ...inTerm(stored.grades, term, false), ...inTerm(grades, term, true) }),
      };
    }
    default:
      return undefined;
  }
}
