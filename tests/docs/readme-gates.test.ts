import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const runner = readFileSync(path.join(root, 'scripts/test.mjs'), 'utf8');

/** The commands of `npm test`'s gates, in order, as scripts/test.mjs lists them. */
const gateCommands = [...runner.matchAll(/\['[^']+', '(npm run [^']+)'\]/g)].map((m) => m[1]!);

describe('the README says what npm test runs', () => {
  it('lists every gate of scripts/test.mjs, in its order, and says how many there are', () => {
    expect(gateCommands.length).toBeGreaterThan(10);
    const listed = [...readme.matchAll(/^\d+\. .*?`(npm run [\w:-]+)/gm)].map((m) => m[1]!);
    expect(listed).toEqual(gateCommands.map((command) => command.split(' ').slice(0, 3).join(' ')));
    const words = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen'];
    expect(readme).toContain(`runs the ${words[gateCommands.length - 10]} gates`);
  });
});
