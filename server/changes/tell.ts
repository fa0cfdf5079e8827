import type { Repositories } from '../db/repositories.js';
import type { Fingerprint } from './fingerprint.js';
import type { Change } from './kinds.js';
import { raiseChanges } from './raise.js';
import type { Student } from './raise.js';
import { applyTaskRules, storedRules } from './tasks.js';
import type { RecordNames } from './texts.js';
import type { TaskRule } from './tasks.js';

export interface TellContext {
  repos: Repositories;
  now: Date;
  /** The campus time zone: a task's due day ends at midnight there. */
  zone: string;
  /** The campus's Spanish names for record values: a hold's name in a Spanish message. */
  names?: RecordNames;
  /** The rules turning changes into Next Steps tasks; by default the stored ones. */
  rules?: readonly TaskRule[];
  /** A task the rules name could not be written: logged by the caller; the change stays told. */
  onTaskError?: (err: unknown) => void;
}

/**
 * A student's fresh fingerprint compared with the stored one (raise.ts), and the Next Steps tasks
 * the rules name for what changed opened or completed: the one step the sweep, the Ethos change
 * notifications and a student's own visit share. Answers the changes raised.
 */
export async function tellChanges(
  ctx: TellContext,
  student: Student,
  fresh: Fingerprint,
): Promise<Change[]> {
  const raised = await raiseChanges(ctx.repos, student, fresh, ctx.now, ctx.names);
  if (raised.length === 0) return raised;
  const rules = ctx.rules ?? (await storedRules(ctx.repos));
  // A task the rules name that cannot be written (no Next Steps category) never takes the change
  // back: it is told, and the failure logged.
  await applyTaskRules(
    { repos: ctx.repos, now: ctx.now, zone: ctx.zone },
    student.username,
    raised,
    rules,
  ).catch((err: unknown) => ctx.onTaskError?.(err));
  return raised;
}
