import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS, runChecks } from '../../scripts/lint.mjs';

const checks: Array<[string, string]> = [
  ['first', 'one'],
  ['second', 'two'],
  ['third', 'three'],
];

describe('npm run lint (scripts/lint.mjs, issue 77)', () => {
  it('one failing lint check does not hide the others’ results: every check runs, each result is printed, and the summary names the failure', () => {
    const ran: string[] = [];
    const lines: string[] = [];
    const results = runChecks(
      checks,
      (command) => {
        ran.push(command);
        return command !== 'two';
      },
      (line) => lines.push(line),
    );
    expect(ran).toEqual(['one', 'two', 'three']);
    expect(results.map((r) => [r.name, r.passed])).toEqual([
      ['first', true],
      ['second', false],
      ['third', true],
    ]);
    const log = lines.join('\n');
    expect(log).toMatch(/✔ first: passed/);
    expect(log).toMatch(/✘ second: failed/);
    expect(log).toMatch(/✔ third: passed/);
    expect(log).toMatch(/FAILED +\d+ s {2}second/);
  });

  it('is what npm run lint runs, and holds the checks it chained before', () => {
    const scripts = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.lint).toBe('node scripts/lint.mjs');
    expect(CHECKS.map(([, command]) => command)).toEqual([
      'eslint .',
      'prettier --check .',
      'tsx scripts/import-cycles.ts',
      'tsx scripts/server-layers.ts',
      'tsx scripts/size-limits.ts',
      'tsx scripts/file-names.ts',
    ]);
  });

  it('ESLint runs once over each file: no other gate of npm test runs it over the tree', () => {
    const gates = readFileSync('scripts/test.mjs', 'utf8');
    const commands = [...gates.matchAll(/'npm run ([\w:-]+)'/g)].map((m) => m[1] ?? '');
    const scripts = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const others = commands.filter((name) => name !== 'lint');
    expect(others.length).toBeGreaterThan(5);
    for (const name of others) {
      const command = scripts[name] ?? '';
      expect(command, name).not.toMatch(/\beslint\b/);
      const script = /^node (scripts\/\S+\.mjs)/.exec(command)?.[1];
      if (script) expect(readFileSync(script, 'utf8'), script).not.toMatch(/'eslint'/);
    }
  });
});
