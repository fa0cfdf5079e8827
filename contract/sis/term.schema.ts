import { z } from 'zod';
import { calendarDateSchema, termCodeSchema } from './common.schema.js';

/** `GET /api/integrations/finti/current-term`: the term in effect (`p_term_out`) and the one to display. */
export const currentTermSchema = /* @__PURE__ */ z.object({
  p_term_out: termCodeSchema,
  display_term: termCodeSchema,
});
export type CurrentTerm = z.infer<typeof currentTermSchema>;

/** `GET /api/integrations/finti/term-info`: the current term and when it starts and ends. */
export const termInfoSchema = /* @__PURE__ */ z.object({
  term: termCodeSchema,
  description: z.string(),
  start_date: calendarDateSchema,
  end_date: calendarDateSchema,
});
export type TermInfo = z.infer<typeof termInfoSchema>;

/** `GET /api/integrations/finti/bookstore`. */
export const bookstoreSchema = /* @__PURE__ */ z.object({ BOOKSTORE_LINK: z.url() });
export type Bookstore = z.infer<typeof bookstoreSchema>;
