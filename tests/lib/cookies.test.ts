import { afterEach, describe, expect, it } from 'vitest';
import { cookieValue, documentCookies } from '../../src/lib/cookies.js';

describe('cookieValue', () => {
  const cookies = 'portal_demo=1; portal_csrf=a%3Db%3Dc;sw_cleared=; other=x';

  it('reads the value of the named cookie, URI-decoded, whatever its place', () => {
    expect(cookieValue(cookies, 'portal_demo')).toBe('1');
    expect(cookieValue(cookies, 'portal_csrf')).toBe('a=b=c');
    expect(cookieValue(cookies, 'other')).toBe('x');
  });

  it('a cookie set with an empty value is set; a cookie not named is not', () => {
    expect(cookieValue(cookies, 'sw_cleared')).toBe('');
    expect(cookieValue(cookies, 'portal')).toBeNull();
    expect(cookieValue(cookies, 'demo')).toBeNull();
    expect(cookieValue('', 'portal_demo')).toBeNull();
  });
});

describe('documentCookies', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('outside a browser there are no cookies', () => {
    expect(documentCookies()).toBe('');
  });

  it("in a browser it is the page's cookie string", () => {
    Object.defineProperty(globalThis, 'document', {
      value: { cookie: 'portal_demo=1' },
      configurable: true,
    });
    expect(documentCookies()).toBe('portal_demo=1');
  });
});
