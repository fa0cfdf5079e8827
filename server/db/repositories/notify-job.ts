import type { Selectable } from 'kysely';
import type { NotifyJobsTable } from '../notify.schema.js';

/** A notification job as the store holds it (notify-jobs.repository.ts). */
export type NotifyJob = Selectable<NotifyJobsTable>;

/**
 * One claim of a job: a claim gives the job a fresh `locked_by` (the worker and a nonce of that
 * claim) and counts an attempt, so the pair names this claim alone. Recording an outcome takes
 * effect only while the job is still `running` under that same claim: a worker whose lease passed,
 * and whose job another worker took, records nothing.
 */
export type Lease = Pick<NotifyJob, 'id' | 'locked_by' | 'attempts'>;
