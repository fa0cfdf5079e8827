import { isSisWarning } from '../../contract/sis/warning.schema.js';
import type { Repositories } from '../db/repositories.js';
import type { SisAnswer, SisEndpoint } from '../sis/endpoints.js';
import type { SisPerson, SisPort } from '../sis/port.js';
import { fingerprintOf } from './fingerprint.js';
import type { Change } from './kinds.js';
import { raiseChanges } from './raise.js';
import { applyTaskRules } from './tasks.js';
import type { TaskRule } from './tasks.js';
import type { Student } from './raise.js';

export interface SweepOptions {
  repos: Repositories;
  sis: SisPort;
  clock: () => Date;
  /** Students read at once (`SIS_CONCURRENCY`). */
  concurrency: number;
  /** This process, as the lease names it. */
  holder: string;
  leaseMs: number;
  /** The campus time zone: a task's due day ends at midnight there. */
  zone: string;
  /** The rules turning changes into Next Steps tasks; by default the seed rules. */
  rules?: readonly TaskRule[];
  /** A student's read failed: logged by the caller; the student is compared next time. */
  onError?: (student: Student, err: unknown) => void;
}

export interface SweepResult {
  students: number;
  changes: Change[];
}

const STUDENT_ROLES = new Set(['student', 'student_worker']);

/** An answer, or nothing for a SIS warning (the portal treats a warning as empty). */
const answerOf = <T>(answer: T): Exclude<T, { p_result: string }> | undefined =>
  isSisWarning(answer) ? undefined : (answer as Exclude<T, { p_result: string }>);

/** A student's fresh fingerprint, from the reads it is made of (the current term's classes and grades). */
export async function readFingerprint(sis: SisPort, person: SisPerson) {
  const read = <E extends SisEndpoint>(e: E, term?: string): Promise<SisAnswer<E>> =>
    sis.read(e, person, term);
  const [holds, advisors, account, current] = await Promise.all([
    read('holds'),
    read('advisor'),
    read('financial-account-summary'),
    read('current-term'),
  ]);
  const termAnswer = answerOf(current);
  const terms = termAnswer ? [termAnswer.p_term_out] : [];
  const perTerm = await Promise.all(
    terms.map(async (term) => {
      const [schedule, grades] = await Promise.all([read('schedule', term), read('grades', term)]);
      return { schedule: answerOf(schedule) ?? [], grades: answerOf(grades) ?? [] };
    }),
  );
  return fingerprintOf({
    terms,
    holds: answerOf(holds) ?? [],
    schedule: perTerm.flatMap((t) => t.schedule),
    grades: perTerm.flatMap((t) => t.grades),
    account: answerOf(account) ?? null,
    advisors: answerOf(advisors) ?? [],
  });
}

/**
 * One sweep (issue 74): under the store's lease (one process at a time), every stored student's
 * record read afresh, `concurrency` at a time, and compared with the last fingerprint. Undefined when
 * another process holds the lease. A student whose read fails keeps the last fingerprint.
 */
export async function sweep(o: SweepOptions): Promise<SweepResult | undefined> {
  const claimed = await o.repos.changesLease.claim(o.holder, o.clock(), o.leaseMs);
  if (claimed === undefined) return undefined;
  try {
    const people = await o.repos.users.withRoles();
    const students = people.filter(
      (p) =>
        STUDENT_ROLES.has(p.primary_role) ||
        (JSON.parse(p.other_roles) as string[]).some((r) => STUDENT_ROLES.has(r)),
    );
    const changes: Change[] = [];
    for (let i = 0; i < students.length; i += o.concurrency) {
      // The lease is renewed between batches; lost to another process, this one stops.
      if (i > 0 && !(await o.repos.changesLease.claim(o.holder, o.clock(), o.leaseMs))) break;
      const batch = students.slice(i, i + o.concurrency);
      const raised = await Promise.all(
        batch.map(async (s) => {
          try {
            const fresh = await readFingerprint(o.sis, { username: s.username, persona: null });
            const raised = await raiseChanges(o.repos, s, fresh, o.clock());
            // A task the rules name that cannot be written (no Next Steps category) never takes
            // the change back: it is told, and the failure logged.
            if (raised.length > 0)
              await applyTaskRules(
                { repos: o.repos, now: o.clock(), zone: o.zone },
                s.username,
                raised,
                o.rules,
              ).catch((err: unknown) => o.onError?.(s, err));
            return raised;
          } catch (err) {
            o.onError?.(s, err);
            return [];
          }
        }),
      );
      changes.push(...raised.flat());
    }
    return { students: students.length, changes };
  } finally {
    await o.repos.changesLease.release(o.holder);
  }
}
