import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenFileArgument } from '../../server/token-file.js';

describe('--token-file of config:check and sis:check (issue 91)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'token-'));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };

  it('reads the token, trimmed; nothing without the flag', () => {
    expect(tokenFileArgument(['--connect', '--token-file', file('t', 'abc.def.ghi\n')])).toBe(
      'abc.def.ghi',
    );
    expect(tokenFileArgument(['--connect'])).toBeUndefined();
  });

  it('refuses a missing, empty or oversized file, and a flag without a file, in words', () => {
    expect(() => tokenFileArgument(['--token-file'])).toThrow('--token-file needs a file');
    expect(() => tokenFileArgument(['--token-file', path.join(dir, 'none')])).toThrow(
      /cannot read .*none \(ENOENT\)/,
    );
    expect(() => tokenFileArgument(['--token-file', file('e', ' \n')])).toThrow('is empty');
    expect(() => tokenFileArgument(['--token-file', file('big', 'x'.repeat(17_000))])).toThrow(
      'is over 16384 bytes',
    );
  });
});
