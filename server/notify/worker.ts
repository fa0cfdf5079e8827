import type { NotifyJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import { heldByQuietHours, quietUntil } from './quiet-hours.js';
import type { QuietHours } from './quiet-hours.js';

/** What a job's sender says: sent, or no longer called for (the reason is recorded). */
export type Outcome = { state: 'sent' } | { state: 'dropped'; reason: string };

export interface WorkerOptions {
  jobs: NotifyJobsRepository;
  /** Sends one job; throwing is a failed attempt. */
  send: (job: NotifyJob) => Promise<Outcome>;
  clock: () => Date;
  /** This process's name in `locked_by`. */
  id: string;
  /** How long a claim holds; a job still running after it is claimed again (its worker died). */
  leaseMs: number;
  /** Jobs claimed per round. */
  batch: number;
  /** The first retry's wait; each further one doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Attempts before a job is given up as `failed`. */
  maxAttempts: number;
  onError?: (err: unknown, job: NotifyJob) => void;
  /**
   * Quiet hours: a push or text job (not an alert) claimed inside its recipient's quiet hours waits
   * for their end instead of being sent. Without it nothing is held.
   */
  quiet?: { of: (userId: number) => Promise<QuietHours>; timeZone: string };
}

/** The wait before the next try after `attempts` failed ones: exponential, capped. */
export function backoff(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * One in-process worker: each round claims the due jobs (a lease in the database, so two processes
 * never send the same job while both are alive) and sends them one by one.
 */
export class NotifyWorker {
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {}

  /** One round; overlapping calls share the round in progress. Resolves to the jobs handled. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Claims nothing more; resolves when the round in progress has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => 0);
  }

  private async round(): Promise<number> {
    const o = this.options;
    const claimed = await o.jobs.claim(o.id, o.clock(), o.leaseMs, o.batch);
    for (const job of claimed) await this.run(job);
    return claimed.length;
  }

  private async run(job: NotifyJob): Promise<void> {
    const o = this.options;
    if (o.quiet && heldByQuietHours(job.channel, job.topic)) {
      const until = quietUntil(o.clock(), await o.quiet.of(job.user_id), o.quiet.timeZone);
      if (until) {
        await o.jobs.hold(job.id, until);
        return;
      }
    }
    let outcome: Outcome;
    try {
      outcome = await o.send(job);
    } catch (err) {
      o.onError?.(err, job);
      const message = err instanceof Error ? err.message : String(err);
      const now = o.clock();
      const retryAt =
        job.attempts >= o.maxAttempts
          ? null
          : new Date(now.getTime() + backoff(job.attempts, o.backoffMs, o.maxBackoffMs));
      await o.jobs.fail(job.id, message, now, retryAt);
      return;
    }
    if (outcome.state === 'sent') await o.jobs.finish(job.id, 'sent', o.clock());
    else await o.jobs.finish(job.id, 'dropped', o.clock(), outcome.reason);
  }
}
