import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE, VARIANT_LISTS, writtenPage } from '../../scripts/variant-docs.js';

describe("docs/configuration.md's part of each variant list", () => {
  it('says what the variant modules say (npm run docs:variants writes it)', async () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(await writtenPage(page)).toBe(page);
  });

  it("gives every variant's every variable a row, and names every variant", () => {
    const page = readFileSync(PAGE, 'utf8');
    for (const { list } of VARIANT_LISTS) {
      for (const variant of Object.values(list)) {
        expect(page).toContain(variant.docs.intro);
        for (const name of Object.keys(variant.docs.rows)) {
          expect(page, name).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
        }
      }
    }
  });

  it('fails on a page without the markers of a list', async () => {
    await expect(writtenPage('# Configuration reference\n')).rejects.toThrow(/sis-adapters/);
  });
});
