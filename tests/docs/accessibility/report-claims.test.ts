import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 87: four claims of the conformance report name the test that shows each; the report names
 * the file and the test's title (or its start), and that file holds a test of that title.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const REPORT = readFileSync(path.join(ROOT, 'docs/accessibility/conformance-report.md'), 'utf8');
/** The report's words with its line breaks and table padding undone. */
const reportText = REPORT.replace(/\s+/g, ' ');

const CLAIMS = [
  {
    claim: 'the view-as bar never covers a focused control',
    file: 'e2e/view-as.spec.ts',
    title: 'at 390 px the bar never covers what the keyboard focuses',
  },
  {
    claim: 'disabled controls give their reason in words',
    file: 'tests/pages/portal/account/account-view-as.test.tsx',
    title: 'every control disabled in view-as says why in words a screen reader reads: read only',
  },
  {
    claim: 'the sharing pages exist',
    file: 'e2e/share-focus.spec.ts',
    title: 'sharing by keyboard at 390 px: each part opened takes focus and gives it back',
  },
  {
    claim: 'the sharing pages exist',
    file: 'e2e/delegates.spec.ts',
    title: 'a student shares Finances and holds with a parent on Account',
  },
  {
    claim: '2.4.7 Focus Visible while viewing as',
    file: 'e2e/view-as-focus-visible.spec.ts',
    title: 'WCAG 2.4.7 while viewing as a student at',
  },
];

describe('the conformance report names the test behind each issue 87 claim', () => {
  for (const { claim, file, title } of CLAIMS) {
    it(`${claim}: ${file}, "${title}…"`, () => {
      expect(reportText).toContain(`\`${file}\``);
      expect(reportText).toContain(title);
      const source = readFileSync(path.join(ROOT, file), 'utf8').replace(/\s+/g, ' ');
      expect(source).toMatch(new RegExp(`(?:it|test)\\(\\s*[\`'"]${escape(title)}`));
    });
  }

  it('says the sharing pages are built, never "not built"', () => {
    expect(reportText).not.toMatch(/not built/i);
    expect(reportText).toContain('"People you share with" section on Account and the delegate');
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
