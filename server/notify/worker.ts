import type { NotifyJob, NotifyJobsRepository } from '../db/repositories/notify-jobs.repository.js';
import { URGENT, destinationOfJob, slowDestinationOf, toDevice } from '../db/notify-lanes.js';
import { heldByQuietHours, quietUntil } from './quiet-hours.js';
import { SendTimedOut } from './send-timed-out.js';
import type { QuietHours } from './quiet-hours.js';
import { Slots } from './slots.js';
import type { Lane, SlotRules } from './slots.js';
import type { Outcome } from './outcome.js';
import { traced } from '../net/trace.js';

export interface WorkerOptions extends SlotRules {
  jobs: NotifyJobsRepository;
  /** Sends one job; throwing is a failed attempt (retried), `dropped` is final. */
  send: (job: NotifyJob) => Promise<Outcome>;
  clock: () => Date;
  /** This process's name in `locked_by`. */
  id: string;
  /** How long a claim holds; a job still running after it is claimed again (its worker died). */
  leaseMs: number;
  /**
   * The backstop for a sender that never settles: its attempt fails (and is retried) after this
   * long, freeing its slot. Shorter than the lease, and a job is sent only while this much is left.
   */
  sendTimeoutMs: number;
  /** The first retry's wait; each further one doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Attempts before a job is given up as `failed`. */
  maxAttempts: number;
  /** A failed send (with its job), or a failed claim round (without). */
  onError?: (err: unknown, job?: NotifyJob) => void;
  /**
   * Quiet hours: a push or text job (not an alert, nor an appointment's reminder an hour before:
   * quiet-hours.ts) claimed inside its recipient's quiet hours waits
   * for their end instead of being sent. Without it nothing is held.
   */
  quiet?: { of: (userId: number) => Promise<QuietHours>; timeZone: string };
}

/** The wait before the next try after `attempts` failed ones: exponential, capped. */
export function backoff(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** How often a lane's claim also looks for jobs whose lease has passed (their worker died). */
const EXPIRED_LOOK_MS = 1_000;

const laneOf = (job: NotifyJob): Lane => (job.priority >= URGENT ? 'urgent' : 'routine');

/**
 * One in-process worker with a bounded pool of sends in flight (`slots.ts`): it claims as many due
 * jobs as it has free slots, urgent ones first, under a lease in the database (so two processes
 * never send the same job while both are alive), and, started, claims again whenever a send
 * settles. Every outcome is recorded under the claim's lease (the fence in the repository).
 */
export class NotifyWorker {
  private readonly slots: Slots;
  private claiming: Promise<Promise<void>[]> = Promise.resolve([]);
  private queued = false;
  private started = false;
  private stopped = false;
  private readonly flights = new Set<Promise<void>>();
  /** When each lane last looked for jobs whose lease had passed (the clock's ms). */
  private readonly expiredLook = { urgent: -Infinity, routine: -Infinity };

  constructor(private readonly options: WorkerOptions) {
    if (options.sendTimeoutMs >= options.leaseMs) {
      throw new Error('a send must time out before its lease passes');
    }
    this.slots = new Slots(options);
  }

  /** Sends in flight now. */
  get inFlight(): number {
    return this.slots.inFlight;
  }

  /** One round: claims what the free slots allow; resolves, once those sends settle, to how many. */
  async tick(): Promise<number> {
    const sends = await this.claim();
    await Promise.all(sends);
    return sends.length;
  }

  /** Keeps the pool full from now on: a round now, and another whenever a send settles. */
  start(): void {
    this.started = true;
    this.kick();
  }

  /** A claim round soon (new jobs were written, or the poll came round); rounds never overlap. */
  kick(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    void this.claim().catch((err: unknown) => this.options.onError?.(err));
  }

  /**
   * Claims nothing more; resolves when the sends in flight have settled, or after `graceMs`: a send
   * still hanging then (a push service that never answers) keeps its lease and is claimed again
   * once that passes, as after a crash.
   */
  async stop(graceMs = Infinity): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      if (Number.isFinite(graceMs)) timer = setTimeout(resolve, graceMs).unref();
    });
    const settled = (async () => {
      await Promise.all(await this.claiming.catch(() => []));
      await Promise.all(this.flights);
    })();
    await Promise.race([settled, grace]);
    clearTimeout(timer);
  }

  private claim(): Promise<Promise<void>[]> {
    this.claiming = this.claiming
      .catch(() => [])
      .then(() => {
        this.queued = false;
        return this.round();
      });
    return this.claiming;
  }

  private async round(): Promise<Promise<void>[]> {
    const o = this.options;
    const sends: Promise<void>[] = [];
    let gaveBack = 0;
    for (const lane of ['urgent', 'routine'] as const) {
      const limit = this.slots.free(lane);
      if (this.stopped || limit <= 0) continue;
      const now = o.clock();
      // Leases pass after `leaseMs`: a look once a second per lane finds them soon enough.
      const expired = now.getTime() - this.expiredLook[lane] >= EXPIRED_LOOK_MS;
      if (expired) this.expiredLook[lane] = now.getTime();
      const want = {
        urgent: lane === 'urgent',
        limit,
        exclude: this.slots.full(lane),
        room: (destination: string) => this.slots.room(lane, destination),
        expired,
      };
      for (const job of await o.jobs.claim(o.id, now, o.leaseMs, want)) {
        const destination = destinationOfJob(job);
        if (this.slots.take(laneOf(job), destination)) {
          sends.push(this.launch(job, laneOf(job), destination));
        } else {
          // More of one destination than its cap came back (jobs whose lease had passed, or one
          // stored without a destination): unsent, for a later claim.
          gaveBack += 1;
          await o.jobs.hold(job, new Date(job.run_at));
        }
      }
    }
    if (gaveBack > 0 && this.started) this.kick();
    return sends;
  }

  private launch(job: NotifyJob, lane: Lane, destination: string): Promise<void> {
    const flight = this.run(job)
      .catch((err: unknown) => this.options.onError?.(err, job))
      .finally(() => {
        this.slots.give(lane, destination);
        this.flights.delete(flight);
        if (this.started) this.kick();
      });
    this.flights.add(flight);
    return flight;
  }

  private async run(job: NotifyJob): Promise<void> {
    const o = this.options;
    if (o.quiet && heldByQuietHours(job.channel, job.topic, job.idempotency_key)) {
      const until = quietUntil(o.clock(), await o.quiet.of(job.user_id), o.quiet.timeZone);
      if (until) {
        await o.jobs.hold(job, until);
        return;
      }
    }
    // Nothing is sent on a lease that could pass mid-send: another worker may have the job by then.
    const leaseLeft = Date.parse(job.locked_until ?? '') - o.clock().getTime();
    if (!(leaseLeft > o.sendTimeoutMs)) {
      await o.jobs.hold(job, o.clock());
      return;
    }
    let outcome: Outcome;
    try {
      // A trace of its own when tracing is on (metrics/tracing.ts): a text's call to Twilio is its child.
      outcome = await within(
        o.sendTimeoutMs,
        traced(`send ${job.channel.split(':')[0]}`, { 'portal.notify.topic': job.topic }, () =>
          o.send(job),
        ),
      );
    } catch (err) {
      o.onError?.(err, job);
      const message = err instanceof Error ? err.message : String(err);
      const now = o.clock();
      const retryAt =
        job.attempts >= o.maxAttempts
          ? null
          : new Date(now.getTime() + backoff(job.attempts, o.backoffMs, o.maxBackoffMs));
      // A device's send that timed out is retried beside the devices that answer, not ahead of them.
      const stalled = err instanceof SendTimedOut && toDevice(job);
      const moveTo = stalled ? slowDestinationOf(destinationOfJob(job)) : undefined;
      await o.jobs.fail(job, message, now, retryAt, moveTo);
      return;
    }
    if (outcome.state === 'sent') await o.jobs.finish(job, 'sent', o.clock());
    else await o.jobs.finish(job, 'dropped', o.clock(), outcome.reason);
  }
}

/** The send's outcome, or a timeout error once `ms` have passed without one. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SendTimedOut(`no outcome within ${ms / 1000} s`)),
      ms,
    ).unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
