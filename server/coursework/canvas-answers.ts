import { z } from 'zod';

/**
 * What Canvas answers, read: the errors a call fails with, the schemas every answer is checked
 * against (JSON, after Canvas's `while(1);` guard), and a page of planner items as PlannerItems.
 */

export type CanvasSubmission = 'graded' | 'submitted' | 'missing' | 'excused' | null;

export interface PlannerItem {
  /** `${plannable_type}:${plannable_id}`, e.g. "assignment:42": stable across readings. */
  key: string;
  plannableType: string;
  plannableId: number;
  title: string;
  /** context_name (the course's name), or null. */
  course: string | null;
  /** plannable.due_at, else plannable_date, as a Date; items with neither are left out. */
  due: Date;
  /** html_url resolved against the Canvas origin; null if it would leave that origin or is not http(s). */
  link: string | null;
  /** From `submissions` (false when not submittable): excused > graded > submitted > missing > null. */
  submission: CanvasSubmission;
  /** planner_override: its id and marked_complete, or null when there is none. */
  override: { id: number; done: boolean } | null;
}

export type CanvasFailure = 'refused' | 'throttled' | 'unavailable' | 'too-large';

/**
 * A call that failed: `refused` = 401 / invalid_grant (the student must connect again),
 * `throttled` = still 403 Rate Limit Exceeded after the retries, `unavailable` = network, timeout,
 * 5xx or a malformed answer (a redirect, or a status the call does not expect, too), `too-large` =
 * over the size/page bounds. The message never contains a token.
 */
export class CanvasError extends Error {
  override name = 'CanvasError';
  constructor(
    readonly failure: CanvasFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Canvas's JSON hijacking guard, which some setups put before every JSON answer. */
const WHILE_PREFIX = /^\s*while\(1\);/;

const canvasId = z.int().nonnegative();
const isoDate = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date');

export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
});

/** An OAuth error's code (invalid_grant…), kept only when it is one: Canvas's text is never echoed. */
export const tokenErrorSchema = z.object({ error: z.string().regex(/^[a-z_]{1,64}$/) });

const submissionsSchema = z.union([
  z.literal(false),
  z.object({
    submitted: z.boolean().optional(),
    excused: z.boolean().optional(),
    graded: z.boolean().optional(),
    missing: z.boolean().optional(),
  }),
]);

const plannerItemSchema = z.object({
  plannable_id: canvasId,
  plannable_type: z.string().min(1),
  plannable_date: isoDate.nullish(),
  plannable: z.object({
    title: z.string().nullish(),
    due_at: isoDate.nullish(),
  }),
  submissions: submissionsSchema.nullish(),
  planner_override: z.object({ id: canvasId, marked_complete: z.boolean() }).nullish(),
  html_url: z.string().nullish(),
  context_name: z.string().nullish(),
});

export const plannerPageSchema = z.array(plannerItemSchema);

export const overrideAnswerSchema = z.object({ id: canvasId, marked_complete: z.boolean() });

export type PlannerItemAnswer = z.output<typeof plannerItemSchema>;

/** An answer as sent: its status, headers and body (an error's cut short). */
export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

export const unavailable = (message: string, status: number | null = null) =>
  new CanvasError('unavailable', message, status);

/** An answer's body without Canvas's `while(1);` guard. */
export const stripWhilePrefix = (body: string) => body.replace(WHILE_PREFIX, '');

export function parseAnswer<T extends z.ZodType>(
  schema: T,
  answer: Answer,
  what: string,
): z.output<T> {
  let data: unknown;
  try {
    data = JSON.parse(answer.body.replace(WHILE_PREFIX, ''));
  } catch {
    throw unavailable(`Canvas's answer to ${what} is not JSON.`, answer.status);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw unavailable(`Canvas's answer to ${what} is not in the expected shape.`, answer.status);
  }
  return parsed.data;
}

/** The Link header's rel="next" address, when it stays on the Canvas origin. */
export function nextPage(header: string | null, current: URL, origin: string): URL | null {
  if (!header) return null;
  for (const [, target = '', params = ''] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('next')) continue;
    let next: URL;
    try {
      next = new URL(target, current);
    } catch {
      return null;
    }
    return next.origin === origin && !next.username && !next.password ? next : null;
  }
  return null;
}

function submissionOf(submissions: PlannerItemAnswer['submissions']): CanvasSubmission {
  if (!submissions) return null;
  if (submissions.excused) return 'excused';
  if (submissions.graded) return 'graded';
  if (submissions.submitted) return 'submitted';
  if (submissions.missing) return 'missing';
  return null;
}

function linkOf(htmlUrl: string | null | undefined, origin: string): string | null {
  if (!htmlUrl) return null;
  let url: URL;
  try {
    url = new URL(htmlUrl, origin);
  } catch {
    return null;
  }
  // The origin is http(s): one that equals it is too (javascript:, data: have the origin "null").
  return url.origin === origin && !url.username && !url.password ? url.href : null;
}

export function plannerItemOf(answer: PlannerItemAnswer, origin: string): PlannerItem | null {
  const date = answer.plannable.due_at ?? answer.plannable_date;
  if (!date) return null;
  return {
    key: `${answer.plannable_type}:${answer.plannable_id}`,
    plannableType: answer.plannable_type,
    plannableId: answer.plannable_id,
    title: answer.plannable.title ?? '',
    course: answer.context_name ?? null,
    due: new Date(date),
    link: linkOf(answer.html_url, origin),
    submission: submissionOf(answer.submissions),
    override: answer.planner_override
      ? { id: answer.planner_override.id, done: answer.planner_override.marked_complete }
      : null,
  };
}

export const isOk = (status: number) => status >= 200 && status <= 299;

/** The failure an answer that is not a success stands for (401s are the caller's to read). */
export function failureOf(answer: Answer, what: string): CanvasError {
  if (answer.status === 403) {
    return new CanvasError(
      'refused',
      `Canvas refused ${what} (HTTP 403): the student must connect Canvas again.`,
      403,
    );
  }
  return unavailable(
    `Canvas answered ${what} with an error (HTTP ${answer.status}).`,
    answer.status,
  );
}
