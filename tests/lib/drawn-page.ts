import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { expect, vi } from 'vitest';
import { TAKEOVER_KEY } from '../../src/lib/takeover.js';

/** What the takeover's tests (issue 75) share: a page the server drew, with public/theme.js run. */

const theme = readFileSync(path.join(import.meta.dirname, '../../public/theme.js'), 'utf8');

/** Whether the last run of public/theme.js holds what is done on the page (not a stale page). */
let holding = false;

/** `<html>` as the server drew it for `drawnFor`, and public/theme.js run in its head. */
export function drawnHead(drawnFor = '0') {
  document.documentElement.setAttribute('data-drawn', drawnFor);
  runInNewContext(theme, { window, document });
  holding = window[TAKEOVER_KEY] !== undefined;
}

/** Whether everything done before the takeover has been handed over (`data-taken-over`). */
export const takenOver = () => document.documentElement.hasAttribute('data-taken-over');

/**
 * `<html>` and `window` as before the page was drawn, for the next test. A hand-over under way is
 * waited for first: until it ends its listeners stay on the document and would hold the next
 * test's presses as this page's (a test that ends as soon as the last one has reached the app ends
 * before its hand-over's last task, and on a loaded machine the next test's clicks came then).
 */
export async function forgetDrawnPage() {
  if (holding && window[TAKEOVER_KEY] === undefined) {
    await vi.waitFor(() => expect(takenOver()).toBe(true));
  }
  holding = false;
  document.documentElement.removeAttribute('data-drawn');
  document.documentElement.removeAttribute('data-taken-over');
  document.documentElement.removeAttribute('data-hydrating');
  window[TAKEOVER_KEY] = undefined;
}
