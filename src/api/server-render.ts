import { SERVER_RENDER_ID } from '../../contract/first-answers.rules.js';
import type { WidthClass } from '../../contract/first-answers.rules.js';
import { LANGUAGES } from '../../contract/language.schema.js';
import type { Language } from '../../contract/language.schema.js';

/** What a page the server drew carries for the browser's hydration (issue 75). */
export interface Drawn {
  language: Language;
  /** The width class the page was drawn for (contract/first-answers.rules.ts). */
  width: WidthClass;
  snapshots: Record<string, unknown>;
}

const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);
const isWidthClass = (value: unknown): value is WidthClass =>
  value === 0 || value === 1 || value === 2;
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
    const { language, width, snapshots } = data;
    if (!isLanguage(language) || !isWidthClass(width) || !isRecord(snapshots)) return null;
    return { language, width, snapshots };
  } catch {
    return null;
  }
}
