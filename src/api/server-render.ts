import { SERVER_RENDER_ID } from '../../contract/first-answers.rules.js';
import { LANGUAGES } from '../../contract/language.schema.js';
import type { Language } from '../../contract/language.schema.js';

/** What a page the server drew carries for the browser's hydration (issue 75). */
export interface Drawn {
  language: Language;
  wide: boolean;
  snapshots: Record<string, unknown>;
}

const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server render's block (contract/first-answers.rules.ts `SERVER_RENDER_ID`), read once at the
 * app's start and removed; null when the server did not draw the page (or the block is not what it
 * writes): the app then draws it itself. Checked by hand, not by a zod schema: the first route
 * carries no more of zod for it.
 */
export function takeServerRender(doc: Document | undefined = globalThis.document): Drawn | null {
  const block = doc?.getElementById(SERVER_RENDER_ID);
  block?.remove();
  if (!block) return null;
  try {
    const data: unknown = JSON.parse(block.textContent || 'null');
    if (!isRecord(data)) return null;
    const { language, wide, snapshots } = data;
    if (!isLanguage(language) || typeof wide !== 'boolean' || !isRecord(snapshots)) return null;
    return { language, wide, snapshots };
  } catch {
    return null;
  }
}
