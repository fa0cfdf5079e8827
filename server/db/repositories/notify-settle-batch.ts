import type { Kysely, UpdateObject } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import type { Lease } from './notify-job.js';

/** What a job's outcome sets. */
export type Settlement = UpdateObject<DatabaseSchema, 'notify_jobs'>;

interface Waiting {
  lease: Lease;
  set: Settlement;
  resolve: (done: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Records the outcomes of jobs (`NotifyJobsRepository.finish`, `fail`, `hold`) behind the fence:
 * each update applies only while its job is still running under the same claim. Outcomes that
 * settle at about the same time are written in one transaction (issue 63): each is still its own
 * fenced `UPDATE` and each caller learns whether its own took effect, but the commit (an fsync on
 * SQLite: 5.5 ms on the bench machine against 0.09 ms for the update itself) is paid once per batch
 * instead of once per send. A batch is what arrived before the next turn of the event loop, at most
 * `max`; should its transaction fail, every outcome in it fails, and those jobs keep their lease and
 * are claimed again after it, as after a crash.
 */
export class Settlements {
  private waiting: Waiting[] = [];

  /** `db`: a function, since a repository's fields are set before its constructor's own `db`. */
  constructor(
    private readonly db: () => Kysely<DatabaseSchema>,
    private readonly max = 64,
  ) {}

  add(lease: Lease, set: Settlement): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ lease, set, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.max);
      try {
        const done = await this.db()
          .transaction()
          .execute(async (trx) => {
            const results: boolean[] = [];
            for (const { lease, set } of batch) {
              const result = await trx
                .updateTable('notify_jobs')
                .set(set)
                .where('id', '=', lease.id)
                .where('state', '=', 'running')
                .where('locked_by', '=', lease.locked_by ?? '')
                .where('attempts', '=', lease.attempts)
                .executeTakeFirst();
              results.push(Number(result.numUpdatedRows) > 0);
            }
            return results;
          });
        batch.forEach((w, i) => w.resolve(done[i] ?? false));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
  }
}
