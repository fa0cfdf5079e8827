import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '../../../contract/language.rules.js';
import { startLocale } from '../../../src/pages/shared/language.js';

const setCookie = (value: string) => {
  document.cookie = `${LANGUAGE_COOKIE}=${value}; path=/`;
};

describe('the language a page starts in (issue 87)', () => {
  afterEach(() => {
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
    vi.unstubAllGlobals();
  });

  it('is the reader’s choice the language cookie keeps, before an English browser’s', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US', 'en'] });
    expect(startLocale()).toBe('en');
    setCookie('es');
    expect(startLocale()).toBe('es');
  });

  it('a bad cookie value is ignored: the browser’s language decides', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-MX'] });
    setCookie('fr');
    expect(startLocale()).toBe('es');
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'] });
    setCookie('es-ES');
    expect(startLocale()).toBe('en');
  });
});
