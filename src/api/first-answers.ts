import { z } from 'zod';
import { FIRST_ANSWERS_ID, firstAnswerSchemas } from '../../contract/first-answers.schema.js';
import { EARLY_READ_MS } from '../lib/early-read.js';

/** The first answers, by their address under `/api`, each parsed with its schema. */
export type FirstAnswers = Map<string, unknown>;

const partsSchema = z.record(z.string(), z.unknown());

/**
 * The first answers the server put in a signed-in person's page (issue 63,
 * contract/first-answers.schema.ts), read once at the app's start: each part parsed with its own
 * schema (a part that does not parse is left out, and its call goes to the API), and the block
 * removed from the page, so nothing later reads it again.
 */
export function takeFirstAnswers(doc: Document | undefined = globalThis.document): FirstAnswers {
  const answers: FirstAnswers = new Map();
  const block = doc?.getElementById(FIRST_ANSWERS_ID);
  const text = block?.textContent;
  block?.remove();
  if (!text) return answers;
  let parts: z.infer<typeof partsSchema>;
  try {
    parts = partsSchema.parse(JSON.parse(text));
  } catch {
    return answers;
  }
  for (const [path, schema] of Object.entries(firstAnswerSchemas)) {
    const parsed = schema.safeParse(parts[path]);
    if (path in parts && parsed.success) answers.set(path, parsed.data);
  }
  return answers;
}

/**
 * The API client's fetch, answering the first GET of each address the page carried with its answer,
 * once and within the first load (EARLY_READ_MS): the guard's status and user and the first page's
 * reads start without a round trip. Every other call, and any call after, goes to `base`.
 */
export function answeringFirst(
  answers: FirstAnswers,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
  now: () => number = Date.now,
): typeof fetch {
  const until = now() + EARLY_READ_MS;
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const answer = answers.get(path);
    if (request.method !== 'GET' || url.search !== '' || answer === undefined) {
      return base(input, init);
    }
    answers.delete(path);
    if (now() >= until) return base(input, init);
    return Promise.resolve(Response.json(answer));
  };
}
