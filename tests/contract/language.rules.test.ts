import { describe, expect, it } from 'vitest';
import {
  acceptLanguageRanges,
  languageFor,
  languageFromPreferred,
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
