import type { z } from 'zod';
import {
  currentTermAnswerSchema,
  holdsAnswerSchema,
  termInfoAnswerSchema,
} from './sis/integrations.schema.js';
import { statusSchema } from './status.schema.js';
import { userSchema } from './user.schema.js';

/**
 * The first answers a signed-in person's app page carries (issue 63): the API's own answers, by their
 * path under `/api`, in a `<script type="application/json" id="first-answers">` the server writes for
 * that person alone. The browser parses each with its schema here and answers its first call to that
 * address with it, once; the server embeds a read only when its cache holds it, never waiting for the
 * SIS. The campus configuration has its own block (`campus-config`).
 */
export const FIRST_ANSWERS_ID = 'first-answers';

export const firstAnswerSchemas = {
  status: statusSchema,
  'users/user': userSchema,
  'integrations/finti/current-term': currentTermAnswerSchema,
  'integrations/finti/holds': holdsAnswerSchema,
  'integrations/finti/term-info': termInfoAnswerSchema,
} as const;

export type FirstAnswerPath = keyof typeof firstAnswerSchemas;

export type FirstAnswers = {
  [P in FirstAnswerPath]?: z.infer<(typeof firstAnswerSchemas)[P]>;
};

/** The SIS reads a first screen may find in the server's cache. */
export type FirstRead = 'current-term' | 'holds' | 'term-info';

/** The SIS reads a page's first screen makes, by the page's path (the others start with the API). */
export function firstReadsOf(pathname: string): FirstRead[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/dashboard') return ['current-term', 'holds'];
  if (path === '/academics') return ['current-term', 'term-info'];
  return [];
}
