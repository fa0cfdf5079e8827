import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * Rules axe-core leaves off by default that WCAG 2.2 AA needs (issue 57): 2.5.8's `target-size` and
 * 2.5.3's `label-content-name-mismatch` (experimental in axe-core 4.x).
 */
export const WCAG22_RULES = ['target-size', 'label-content-name-mismatch'];

/**
 * axe-core on the page as it stands, `exclude` aside: its violations, each whole. With
 * `contrastOnly`, only its colour contrast rule. Only violations are
 * gathered (`resultTypes`): axe then keeps one node of each passing or incomplete rule instead of
 * every node, which halves its time on a page and changes nothing it finds.
 *
 * axe runs in the page itself (`axe.run`, the builder's legacy mode), in every frame of it as before.
 * The builder's default runs each frame's part (`runPartial`) and then opens a blank page in the
 * browser, injects axe-core into it once more and finishes the run there: that blank page is for
 * frames of other origins, which the portal has none of, and it took 60% of every check (measured on
 * the eight pages of a faculty member: 37.6 s against 15.0 s, the same violations found).
 */

export async function axeViolations(
  page: Page,
  {
    exclude,
    wcag22 = false,
    contrastOnly = false,
  }: { exclude?: string; wcag22?: boolean; contrastOnly?: boolean } = {},
) {
  const rules = Object.fromEntries(WCAG22_RULES.map((id) => [id, { enabled: wcag22 }]));
  const builder = new AxeBuilder({ page })
    .options({
      resultTypes: ['violations'],
      // Only the rule a page's colours alone decide (the checker sweep's dark theme).
      ...(contrastOnly
        ? { runOnly: { type: 'rule', values: ['color-contrast'] } }
        : wcag22
          ? { rules }
          : {}),
    })
    .setLegacyMode();
  return (await (exclude ? builder.exclude(exclude) : builder).analyze()).violations;
}

/**
 * Runs axe-core on the page as it stands and expects no violation at all, outside `exclude` (a
 * selector for text the portal shows as given, such as test content that is deliberately bad).
 */
export async function expectNoAxeViolations(page: Page, { exclude }: { exclude?: string } = {}) {
  // Each violation with the elements it found, so that a failure names them.
  const summary = (await axeViolations(page, { exclude })).map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
