import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../../../server/routes/auth/next-path.js';

describe('safeNextPath', () => {
  it('keeps a same-origin relative path with its query and hash', () => {
    expect(safeNextPath('/academics?term=202501#grades')).toBe('/academics?term=202501#grades');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['backslashes', '/\\evil.example'],
    ['a backslash pair', '\\\\evil.example'],
    ['a relative path without a slash', 'academics'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a control character', '/\tevil'],
    ['nothing', undefined],
  ])('sends %s to the dashboard', (_name, next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
