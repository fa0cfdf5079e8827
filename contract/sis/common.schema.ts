import { z } from 'zod';

/** portal.md §3: six characters, a four-digit year, then 0, then a quarter 1–4 (Winter … Fall). */
export const termCodeSchema = /* @__PURE__ */ z
  .string()
  .regex(/^\d{4}0[1-4]$/, 'must be a term code YYYY0Q: a four-digit year, 0, a quarter 1-4');
export type TermCode = z.infer<typeof termCodeSchema>;

/** `?term=` of the per-term calls (courses, schedule, grades). */
export const termQuerySchema = /* @__PURE__ */ z.object({ term: termCodeSchema });
export type TermQuery = z.infer<typeof termQuerySchema>;

/** The student information system's yes/no flags. */
export const ynSchema = /* @__PURE__ */ z.enum(['Y', 'N']);

/** A calendar date `YYYY-MM-DD` (a day on the campus calendar, not an instant). */
export const calendarDateSchema = /* @__PURE__ */ z.iso.date();

/** A wall-clock time of a class meeting on campus, `HH:MM` (24 h). */
export const clockTimeSchema = /* @__PURE__ */ z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');

/** An instant, ISO-8601 UTC. */
export const instantSchema = /* @__PURE__ */ z.iso.datetime();
