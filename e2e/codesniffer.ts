import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * HTML_CodeSniffer (WCAG2AA) beside axe-core: a second checker, which reads some rules differently
 * (issue 43). Its build is evaluated in the page through the debugging protocol, so the page's CSP
 * (no inline script) does not stand in its way; only errors (type 1) count.
 */
const require = createRequire(import.meta.url);
const SOURCE = readFileSync(require.resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

/**
 * Codes HTML_CodeSniffer reports where the page is right, each with the reason it is excluded.
 */
const KNOWN_FALSE_POSITIVES: Record<string, string> = {};

export interface SnifferError {
  code: string;
  message: string;
  element: string;
}

interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element;
}
interface Htmlcs {
  process: (standard: string, root: Document, done: () => void, failed: () => void) => void;
  getMessages: () => HtmlcsMessage[];
}

/**
 * WCAG2AA's sniffs of 1.4.3 Contrast (Minimum), the ones a page's colours alone decide: what
 * `{ contrastOnly: true }` runs.
 */
export const CONTRAST_SNIFFS = [
  'Principle1.Guideline1_4.1_4_3',
  'Principle1.Guideline1_4.1_4_3_F24',
  'Principle1.Guideline1_4.1_4_3_Contrast',
];

interface Standard {
  sniffs: unknown[];
}

/**
 * Runs HTML_CodeSniffer's WCAG2AA standard on the page as it stands; returns its errors. With
 * `contrastOnly`, only its contrast sniffs: for a page checked whole already and shown again in
 * other colours only (the checker sweep's dark theme).
 */
export async function codeSnifferErrors(
  page: Page,
  { contrastOnly = false }: { contrastOnly?: boolean } = {},
): Promise<SnifferError[]> {
  if (!(await page.evaluate(() => 'HTMLCS' in window))) {
    await page.evaluate(`${SOURCE}\n;window.HTMLCS = HTMLCS;`);
  }
  const errors = await page.evaluate(
    (only) =>
      new Promise<SnifferError[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: Htmlcs }).HTMLCS;
        // The standard is read afresh from this object by every run: its list of sniffs is set
        // for this run, and put back when it ends.
        const standard = (window as unknown as { HTMLCS_WCAG2AA: Standard }).HTMLCS_WCAG2AA;
        const every = standard.sniffs;
        if (only) standard.sniffs = [{ standard: 'WCAG2AAA', include: only }];
        const done =
          <T>(settle: (value: T) => void) =>
          (value: T) => {
            standard.sniffs = every;
            settle(value);
          };
        htmlcs.process(
          'WCAG2AA',
          document,
          () =>
            done(resolve)(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map((m) => ({
                  code: m.code,
                  message: m.msg,
                  element:
                    m.element instanceof Element ? m.element.outerHTML.slice(0, 160) : '#document',
                })),
            ),
          () => done(reject)(new Error('HTML_CodeSniffer could not check the page')),
        );
      }),
    contrastOnly ? CONTRAST_SNIFFS : null,
  );
  return errors.filter(
    (e) => !Object.keys(KNOWN_FALSE_POSITIVES).some((c) => e.code.startsWith(c)),
  );
}

/** Expects no HTML_CodeSniffer error on the page as it stands. */
export async function expectNoCodeSnifferErrors(page: Page) {
  const errors = await codeSnifferErrors(page);
  expect(errors.map((e) => `${e.code}: ${e.message} ${e.element}`)).toEqual([]);
}
