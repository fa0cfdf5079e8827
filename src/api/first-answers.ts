import { FIRST_ANSWERS_ID } from '../../contract/first-answers.rules.js';

/**
 * The first answers the server put in a signed-in person's page (contract/first-answers.rules.ts),
 * by the address of their call, read once at the app's start and removed from the page, so that
 * nothing later reads them again. Nothing here trusts them: the API client answers the first GET of
 * each address with its answer, once (`createHttp`'s `firstAnswers`), and the call parses it with
 * its own schema from the contract, as it parses the network's. A block that is not JSON carries
 * nothing: every call goes to the API.
 */
export function takeFirstAnswers(
  doc: Document | undefined = globalThis.document,
): Map<string, unknown> {
  const block = doc?.getElementById(FIRST_ANSWERS_ID);
  block?.remove();
  try {
    const parts: unknown = JSON.parse(block?.textContent || '{}');
    return new Map<string, unknown>(
      typeof parts === 'object' && parts ? Object.entries(parts) : [],
    );
  } catch {
    return new Map();
  }
}
