import { describe, expect, it } from 'vitest';
import { csrfToken } from '../../src/api/csrf.js';

describe('csrfToken', () => {
  it('reads the portal_csrf cookie among others', () => {
    expect(csrfToken('a=1; portal_csrf=abc-DEF_123; b=2')).toBe('abc-DEF_123');
  });

  it('is null when the page has no session', () => {
    expect(csrfToken('a=1')).toBeNull();
  });
});
