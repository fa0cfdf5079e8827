import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe("the README quotes the install's output as it is", () => {
  it("the postinstall line it quotes names this version of the portal (it quoted 1.1.0 in 1.2.0's tree)", () => {
    const { version } = z.object({ version: z.string() }).parse(JSON.parse(read('package.json')));
    const quoted = [...read('README.md').matchAll(/> campus-portal@(\S+) postinstall/g)].map(
      (m) => m[1],
    );
    expect(quoted.length).toBeGreaterThan(0);
    expect(new Set(quoted)).toEqual(new Set([version]));
  });
});
