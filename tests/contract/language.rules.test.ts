import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_COOKIE,
  acceptLanguageRanges,
  languageFor,
  languageFromPreferred,
  languageOfCookieValue,
  languageOfCookies,
} from '../../contract/language.rules.js';

describe('the language of a person who never chose (issue 59)', () => {
  it('is the first of the browser’s languages the catalogue has, a region read as its language', () => {
    expect(languageFromPreferred(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(languageFromPreferred(['EN-gb', 'es'])).toBe('en');
  });

  it('is English when the browser names none the catalogue has, or nothing', () => {
    expect(languageFromPreferred(['fr', 'de'])).toBe('en');
    expect(languageFromPreferred([])).toBe('en');
  });

  it('reads Accept-Language by weight, in order for equal weights, leaving out q=0', () => {
    expect(acceptLanguageRanges('en;q=0.5, es-US, fr;q=0.8')).toEqual(['es-US', 'fr', 'en']);
    expect(acceptLanguageRanges('es;q=0, en')).toEqual(['en']);
    expect(acceptLanguageRanges(undefined)).toEqual([]);
  });

  it('follows the person’s choice over the header, and the header when they never chose', () => {
    expect(languageFor('en', 'es')).toBe('en');
    expect(languageFor(null, 'es-419,es;q=0.9')).toBe('es');
    expect(languageFor(undefined, undefined)).toBe('en');
  });
});

describe('the language cookie, the reader’s choice kept for the pages met before they are known (issue 87)', () => {
  it('names the language of its value among the other cookies, wherever it stands', () => {
    expect(languageOfCookies(`${LANGUAGE_COOKIE}=es`)).toBe('es');
    expect(languageOfCookies(`sid=abc; ${LANGUAGE_COOKIE}=es; campus-portal-theme=dark`)).toBe(
      'es',
    );
    expect(languageOfCookies(`a=1;${LANGUAGE_COOKIE} = en`)).toBe('en');
  });

  it('a bad value is ignored: an unknown code, a region, an empty or long value, markup', () => {
    for (const value of ['fr', 'es-MX', 'ES', '', 'es'.repeat(10), '"><script>', 'es;']) {
      expect(languageOfCookieValue(value)).toBeUndefined();
    }
    expect(languageOfCookies(`${LANGUAGE_COOKIE}="><script>`)).toBeUndefined();
  });

  it('no cookie, another cookie of a similar name, or nothing at all is no choice', () => {
    expect(languageOfCookies(undefined)).toBeUndefined();
    expect(languageOfCookies('')).toBeUndefined();
    expect(languageOfCookies(`x-${LANGUAGE_COOKIE}=es; ${LANGUAGE_COOKIE}x=es`)).toBeUndefined();
    expect(languageOfCookies(`=es; ${LANGUAGE_COOKIE}`)).toBeUndefined();
  });

  it('reads a bounded part of the cookies: a cookie past 8 KB of others is not looked for', () => {
    const filler = `pad=${'x'.repeat(9000)}`;
    expect(languageOfCookies(`${LANGUAGE_COOKIE}=es; ${filler}`)).toBe('es');
    expect(languageOfCookies(`${filler}; ${LANGUAGE_COOKIE}=es`)).toBeUndefined();
  });
});
