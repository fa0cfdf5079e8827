import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import type { Message } from '../../../contract/messages.schema.js';
import { myNextStepsTaskListSchema } from '../../../contract/next-steps/mynextsteps.schema.js';
import { gpaSchema } from '../../../contract/sis/gpa.schema.js';
import { standingSchema } from '../../../contract/sis/academics.schema.js';
import { coursesSchema } from '../../../contract/sis/courses.schema.js';
import { accountSummarySchema } from '../../../contract/sis/finances.schema.js';
import { delegateHoldsSchema } from '../../../contract/sis/holds.schema.js';
import { currentTermSchema } from '../../../contract/sis/term.schema.js';
import { DELEGATE_COOKIE } from '../../delegates/tokens.js';

const FINTI = '/api/integrations/finti/';

/** What a delegate's page shows of each granted category; null where the read failed. */
export interface SharedRecord {
  finances?: {
    summary: z.infer<typeof accountSummarySchema> | null;
    holds: z.infer<typeof delegateHoldsSchema> | null;
  };
  academics?: {
    gpa: z.infer<typeof gpaSchema> | null;
    standing: z.infer<typeof standingSchema> | null;
    courses: z.infer<typeof coursesSchema> | null;
  };
  nextSteps?: z.infer<typeof myNextStepsTaskListSchema> | null;
  /** The newest page of them (issue 87). */
  messages?: Message[] | null;
}

/**
 * Reads the granted categories for a delegate's page through the API itself, with the delegate's own
 * session (issue 73): the token guard admits only the granted categories' routes and records each
 * view, exactly as for a call from the delegate's browser. A refused or failed read shows as null.
 */
export async function readShared(
  app: FastifyInstance,
  sessionId: string,
  categories: readonly DelegateCategory[],
): Promise<SharedRecord> {
  const cookie = `${DELEGATE_COOKIE}=${sessionId}`;
  async function read<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S> | null> {
    const answer = await app.inject({ url, headers: { cookie, accept: 'application/json' } });
    if (answer.statusCode !== 200) return null;
    const parsed = schema.safeParse(answer.json());
    // A SIS warning ("no data") fails the plain schema: nothing to show.
    return parsed.success ? parsed.data : null;
  }
  const record: SharedRecord = {};
  if (categories.includes('finances')) {
    const [summary, holds] = await Promise.all([
      read(`${FINTI}financial-account-summary`, accountSummarySchema),
      read(`${FINTI}holds`, delegateHoldsSchema),
    ]);
    record.finances = { summary, holds };
  }
  if (categories.includes('academics')) {
    const [gpa, standing, term] = await Promise.all([
      read(`${FINTI}gpa`, gpaSchema),
      read(`${FINTI}standing`, standingSchema),
      read(`${FINTI}current-term`, currentTermSchema),
    ]);
    const courses = term
      ? await read(`${FINTI}courses?term=${term.display_term}`, coursesSchema)
      : null;
    record.academics = { gpa, standing, courses };
  }
  if (categories.includes('next-steps'))
    record.nextSteps = await read('/api/integrations/mynextsteps/tasks', myNextStepsTaskListSchema);
  if (categories.includes('messages'))
    record.messages = (await read('/api/notifications/user', messagePageSchema))?.messages ?? null;
  return record;
}
