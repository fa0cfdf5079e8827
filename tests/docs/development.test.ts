import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countTestSites } from '../../scripts/test-sites.js';

const doc = readFileSync('docs/development.md', 'utf8');
const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

describe('docs/development.md stays current (issue 62)', () => {
  it('its hand-written test count is within 5% of the tests there are', () => {
    const stated = Number(/\*\*([\d,]+)\s+hand-written\*\*/.exec(doc)?.[1]?.replace(/,/g, ''));
    const { handWritten } = countTestSites(['tests', 'e2e']);
    expect(stated).toBeGreaterThan(0);
    expect(Math.abs(stated - handWritten) / handWritten).toBeLessThanOrEqual(0.05);
  });

  it('names every TypeScript project npm run typecheck checks, and says how many', () => {
    const projects = [...(scripts.typecheck ?? '').matchAll(/-p (\S+\.json)/g)].map((m) => m[1]!);
    expect(projects.length).toBeGreaterThan(3);
    for (const project of projects) expect(doc, project).toContain(`\`${project}\``);
    expect(doc).toContain(`Type checking covers ${WORDS[projects.length]} TypeScript projects`);
  });
});
