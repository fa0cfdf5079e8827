import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUPPORTED_LINES, SUPPORTED_NODE } from '../../server/supported-node';

/**
 * The supported Node.js lines have one source, `engines.node` in package.json (issue 77): the
 * install's bring.sh and .ci/run read it (scripts/node-runtime/supported.sh), the server's refusal
 * keeps a copy held to it here, and the documentation says the same lines.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const engines = z
  .object({ engines: z.object({ node: z.string() }) })
  .parse(JSON.parse(read('package.json'))).engines.node;
const majors = [...engines.matchAll(/\^(\d+)\./g)].map((m) => Number(m[1]));

/** What scripts/node-runtime/supported.sh sets for a package.json. */
function supportedSh(packageJson: string): Record<string, string> {
  const out = execFileSync(
    'sh',
    [
      '-c',
      '. "$1"; printf "%s\\n" "$engines" "$supported_lines" "$oldest_major.$oldest_minor" "$supported_words"',
      'sh',
      path.join(ROOT, 'scripts/node-runtime/supported.sh'),
    ],
    { encoding: 'utf8', env: { ...process.env, package_json: packageJson } },
  ).split('\n');
  return { engines: out[0]!, lines: out[1]!, oldest: out[2]!, words: out[3]! };
}

/** "Node.js 22 or 24", "supports Node.js 22 and 24 LTS": each pair of lines a document names. */
function namedLines(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return [
    ...flat.matchAll(/Node(?:\.js)?\b[^.]{0,60}?\b(\d{2}) (?:LTS )?(?:or|and) (\d{2})\b/g),
  ].map((m) => `${m[1]} ${m[2]}`);
}

describe('one source for the supported Node.js (issue 77)', () => {
  it("the server's refusal keeps engines' range exactly", () => {
    expect(SUPPORTED_NODE).toBe(engines);
    expect(SUPPORTED_LINES).toEqual(majors);
  });

  it('bring.sh and .ci/run read the lines from package.json, and name none themselves', () => {
    expect(supportedSh(path.join(ROOT, 'package.json'))).toEqual({
      engines,
      lines: majors.join(' '),
      oldest: /\^(\d+\.\d+)/.exec(engines)![1]!,
      words: majors.join(' and '),
    });
    const bring = read('scripts/node-runtime/bring.sh');
    expect(bring).toContain('. "$here/supported.sh"');
    // No line of its own beside the version it brings.
    expect(bring.replace(/^NODE_VERSION=.*$/m, '')).not.toMatch(/\b2\d\b/);
    const ci = read('.ci/run');
    expect(ci).toContain('. scripts/node-runtime/supported.sh');
    expect(ci).toContain('${NODE_LINES:-$supported_lines}');
  });

  it('a changed engines range changes what the scripts support', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engines-'));
    const sample = path.join(dir, 'package.json');
    writeFileSync(
      sample,
      JSON.stringify({ engines: { node: '^24.3.0 || ^26.0.0 || ^28.0.0' } }, null, 2),
    );
    expect(supportedSh(sample)).toEqual({
      engines: '^24.3.0 || ^26.0.0 || ^28.0.0',
      lines: '24 26 28',
      oldest: '24.3',
      words: '24, 26 and 28',
    });
  });

  it('the Node.js the install brings is of the newest supported line', () => {
    const brought = /^NODE_VERSION=(\d+)\./m.exec(read('scripts/node-runtime/bring.sh'))?.[1];
    expect(Number(brought)).toBe(majors.at(-1));
  });

  it('the documentation names the supported lines and no others', () => {
    expect(read('docs/operations.md')).toContain(`\`engines\` in \`package.json\`: \`${engines}\``);
    const documents = [
      'README.md',
      'CONTRIBUTING.md',
      'deploy/README.md',
      'docs/operations.md',
      'scripts/node-runtime/package.json',
    ];
    const named = documents.flatMap((file) => namedLines(read(file)));
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const pair of named) expect(pair).toBe(majors.join(' '));
  });

  it('finds a document that names another line', () => {
    expect(namedLines('The portal supports Node.js 20 and\n22 LTS.')).toEqual(['20 22']);
  });
});
