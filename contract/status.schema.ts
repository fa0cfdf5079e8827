import { z } from 'zod';

/** `/healthz` and `/readyz`: the process (and its store) answers. */
export const liveSchema = /* @__PURE__ */ z.object({ status: z.literal('ok') });

/**
 * `/readyz`: the database answers (else 503); Redis, when configured, is reported too. Without Redis
 * the portal still serves (without the shared cache, per-process rate limits), so it is `degraded`,
 * not unready.
 */
export const readySchema = /* @__PURE__ */ z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'unavailable']).optional(),
  /**
   * What the last read of a configured feed found wrong (a campus-group feed whose items carry no
   * field of the configured namespace): the process still serves, the block stays empty until the
   * feed or `campusGroups` is fixed. Absent when nothing is wrong.
   */
  feeds: z.array(z.object({ feed: z.string(), problem: z.string(), since: z.string() })).optional(),
  /**
   * Delivery in this process: at most `emails_in_flight` emails are with the relay unrecorded at any
   * moment, so a `kill -9` of this process can send that many again (none is lost); 0 while
   * notifications are paused.
   */
  notify: z.object({ emails_in_flight: z.number().int().min(0) }),
});
export type Ready = z.infer<typeof readySchema>;

/**
 * The app status check the portal's navigation guard makes first (portal.md §2). `integrations` says
 * whether the student information system answers; when it does not, the portal shows its pages with
 * the integration banner (error state 1).
 */
export const statusSchema = /* @__PURE__ */ z.object({
  status: z.literal('ok'),
  integrations: z.enum(['available', 'unavailable']),
});
export type Status = z.infer<typeof statusSchema>;
