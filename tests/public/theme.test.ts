// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  INSTALL_OFFER_ATTRIBUTE,
  INSTALL_OFFER_KEY,
  keptOffer,
} from '../../src/lib/install-offer.js';
import { fakeOffer } from '../lib/install-offer-fixtures.js';

// The pre-paint script: the theme, and the browser's install offer caught before the app runs.
const source = readFileSync(path.join(import.meta.dirname, '../../public/theme.js'), 'utf8');

describe('public/theme.js and the browser’s install offer (issue 44)', () => {
  afterEach(() => {
    window[INSTALL_OFFER_KEY] = undefined;
    document.documentElement.removeAttribute(INSTALL_OFFER_ATTRIBUTE);
  });

  it('never prompts unasked: the offer is cancelled, kept for the app under its one key and marked on <html>', () => {
    runInNewContext(source, { window, document });
    const { event } = fakeOffer('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(keptOffer()).toBe(event);
    expect(document.documentElement.hasAttribute(INSTALL_OFFER_ATTRIBUTE)).toBe(true);
  });

  it('once the browser says the portal is installed, the offer is forgotten and the mark removed', () => {
    runInNewContext(source, { window, document });
    window.dispatchEvent(fakeOffer('accepted').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(keptOffer()).toBeNull();
    expect(document.documentElement.hasAttribute(INSTALL_OFFER_ATTRIBUTE)).toBe(false);
  });

  it('still sets the chosen theme before the first paint', () => {
    window.localStorage.setItem('campus-portal.theme', 'dark');
    runInNewContext(source, { window, document });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });
});
