/**
 * Delivery's lanes and destinations (issue 40) as the store keeps them (`notify_jobs.priority` and
 * `destination`, migration 020): where a send goes, so a worker caps its sends in flight per
 * destination, and which work is urgent, so it is claimed before routine work. The jobs' repository
 * writes a job with them and claims by them; the worker (notify/worker.ts) and the alert's pushes
 * read them from here.
 */

/** A job's priority: urgent work (emergency alerts, anything marked urgent) before routine work. */
export const URGENT = 1;
export const ROUTINE = 0;

/**
 * Where a job's send goes: a device's job to its push service's `host:port`
 * (`push:fcm.googleapis.com`, the port only when it is not 443), any other job to its channel's one
 * service (email to the SMTP relay, a text to the texting service). One slow or hostile push service
 * (a device whose endpoint never answers) then holds at most its own share of the sends in flight.
 */
export function destinationOf(channel: string, endpoint?: string, failing = false): string {
  if (endpoint !== undefined && URL.canParse(endpoint)) {
    const service = `${channel}:${new URL(endpoint).host}`;
    // A device that has failed since its last success goes beside the devices that answer.
    return failing ? slowDestinationOf(service) : service;
  }
  return channel;
}

/** A job's destination as stored, or by its channel for jobs written before migration 020. */
export const destinationOfJob = (job: { destination: string | null; channel: string }) =>
  job.destination ?? job.channel;

/** Whether a job goes to a device's push service rather than its channel's one service. */
export const toDevice = (job: { destination: string | null; channel: string }) =>
  destinationOfJob(job) !== job.channel;

/** Whether a job goes in the emergency lane: emergency alerts are urgent. */
export const isUrgentTopic = (topic: string) => topic === 'alerts';

const SLOW = 'slow:';

/**
 * Where a push job that timed out is retried, and where new jobs go for a device that has failed
 * since its last success (issue 56): a destination of its own beside its push service's
 * (`slow:push:fcm.googleapis.com`), with its own cap, so devices that stall are not sent to ahead
 * of the devices that answer, in the slots of the same destination: a second alert to healthy
 * devices goes out while the stalling ones wait on theirs.
 */
export const slowDestinationOf = (destination: string) =>
  destination.startsWith(SLOW) ? destination : `${SLOW}${destination}`;
