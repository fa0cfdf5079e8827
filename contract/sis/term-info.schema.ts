import { z } from 'zod';
import { orWarning } from './warning.schema.js';
import { calendarDateSchema, termCodeSchema } from './common.schema.js';

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

/** The read's answer: the data, or a Warning (contract/sis/integrations.schema.ts lists every read). */
export const termInfoAnswerSchema = /* @__PURE__ */ orWarning(termInfoSchema);
export const bookstoreAnswerSchema = /* @__PURE__ */ orWarning(bookstoreSchema);
