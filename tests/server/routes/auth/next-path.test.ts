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

  it.each([
    '/.//evil.example/',
    '/./\\/evil.example/',
    '/..//evil.example/',
    '/a/..//evil.example/',
    '/a/../..//evil.example',
    '/%2e//evil.example/',
    '/%2E%2E//evil.example/',
    '/.%2e//evil.example/',
    '/./%2fevil.example/',
    '/%2F%2Fevil.example/',
    '/%5c%5cevil.example/',
    '/.//evil.example/?a=1#b',
    '/././/evil.example',
    '/x/%2e%2e//evil.example',
  ])('never answers a path another site could be reached by, after normalising: %s', (next) => {
    const path = safeNextPath(next);
    expect(path.startsWith('/')).toBe(true);
    expect(path.startsWith('//')).toBe(false);
    expect(new URL(path, 'https://portal.example').origin).toBe('https://portal.example');
    expect(path).not.toMatch(/^\/(%2f|%5c)/i);
  });
});
