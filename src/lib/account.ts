import type { CanvasOutcome } from '../../contract/coursework.schema.js';
import { WIDTH_CLASS_FROM } from '../../contract/first-answers.rules.js';

/**
 * portal.md §9: the advanced profile auto-opens at this screen width or more: the least width of
 * the widest class the browser tells the server (contract/first-answers.rules.ts), so a page the
 * server draws opens it as the browser would.
 */
export const PROFILE_OPEN_WIDTH = WIDTH_CLASS_FROM[2];

/**
 * portal.md §2 Account page: the profile section is expanded by default when the screen width is at
 * least 1200 or the hash is #profile. `hash` may come with or without its "#".
 */
export function isProfileOpenByDefault(width: number, hash: string): boolean {
  return width >= PROFILE_OPEN_WIDTH || hash.replace(/^#/, '') === 'profile';
}

/** The anchors of the Account page (portal.md §2 route table). */
export type AccountAnchor = 'holds' | 'profile';

export function accountAnchorOf(hash: string): AccountAnchor | null {
  const id = hash.replace(/^#/, '');
  return id === 'holds' || id === 'profile' ? id : null;
}

/**
 * How connecting Canvas went, as the server's callback sends the student back (`/account?canvas=`):
 * anything else is no outcome.
 */
export function canvasOutcomeOf(search: unknown): CanvasOutcome | undefined {
  const value =
    typeof search === 'object' && search !== null && 'canvas' in search ? search.canvas : undefined;
  return value === 'connected' || value === 'refused' || value === 'failed' ? value : undefined;
}
