import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { TAKEOVER_KEY } from '../../src/lib/takeover.js';

/** What the takeover's tests (issue 75) share: a page the server drew, with public/theme.js run. */

const theme = readFileSync(path.join(import.meta.dirname, '../../public/theme.js'), 'utf8');

/** `<html>` as the server drew it for `drawnFor`, and public/theme.js run in its head. */
export function drawnHead(drawnFor = '0') {
  document.documentElement.setAttribute('data-drawn', drawnFor);
  runInNewContext(theme, { window, document });
}

/** Whether everything done before the takeover has been handed over (`data-taken-over`). */
export const takenOver = () => document.documentElement.hasAttribute('data-taken-over');

/** `<html>` and `window` as before the page was drawn, for the next test. */
export function forgetDrawnPage() {
  document.documentElement.removeAttribute('data-drawn');
  document.documentElement.removeAttribute('data-taken-over');
  document.documentElement.removeAttribute('data-hydrating');
  window[TAKEOVER_KEY] = undefined;
}
