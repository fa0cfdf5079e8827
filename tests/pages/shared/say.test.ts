import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageOpen, sayInFrame } from '../../../src/pages/shared/say.js';

const at = { origin: 'https://portal.example.edu', pathname: '/academics', search: '' };

describe('a search result for the page already open', () => {
  afterEach(() => vi.useRealTimers());

  it('choosing a search result for the page already open keeps focus and announces it: the page is known as open, whatever its hash', () => {
    expect(isPageOpen('/academics', at)).toBe(true);
    expect(isPageOpen('/academics/', at)).toBe(true);
    expect(isPageOpen('/academics#advisors', at)).toBe(true);
    expect(isPageOpen('/dashboard', { ...at, pathname: '/' })).toBe(true);
    expect(isPageOpen('/account', at)).toBe(false);
    expect(isPageOpen('/academics?term=202604', at)).toBe(false);
    expect(isPageOpen('https://elsewhere.example/academics', at)).toBe(false);
  });

  it('says what happened in the frame’s polite live region, again when said twice', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="page-announcer" aria-live="polite"></div>';
    const region = document.getElementById('page-announcer');
    sayInFrame('Academics: you’re already on this page.');
    vi.advanceTimersByTime(100);
    expect(region).toHaveTextContent('Academics: you’re already on this page.');
    sayInFrame('Academics: you’re already on this page.');
    expect(region).toBeEmptyDOMElement();
    vi.advanceTimersByTime(100);
    expect(region).toHaveTextContent('Academics: you’re already on this page.');
  });
});
