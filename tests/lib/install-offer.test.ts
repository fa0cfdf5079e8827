// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_OFFER_ATTRIBUTE,
  INSTALL_OFFER_KEY,
  isInstallOffer,
  keptOffer,
  runsInstalled,
} from '../../src/lib/install-offer.js';
import { promptInstall } from '../../src/lib/install-prompt.js';
import { fakeOffer } from './install-offer-fixtures.js';

/** What public/theme.js does with an offer: keeps it and marks <html>. */
function keep(offer: Event) {
  window[INSTALL_OFFER_KEY] = offer;
  document.documentElement.setAttribute(INSTALL_OFFER_ATTRIBUTE, '');
}

const marked = () => document.documentElement.hasAttribute(INSTALL_OFFER_ATTRIBUTE);

afterEach(() => {
  window[INSTALL_OFFER_KEY] = undefined;
  document.documentElement.removeAttribute(INSTALL_OFFER_ATTRIBUTE);
  vi.unstubAllGlobals();
});

describe('the kept install offer', () => {
  it('is an offer only as an event with prompt() and userChoice', () => {
    expect(isInstallOffer(fakeOffer('accepted').event)).toBe(true);
    expect(isInstallOffer(new Event('beforeinstallprompt'))).toBe(false);
    expect(isInstallOffer({ prompt: async () => {}, userChoice: Promise.resolve({}) })).toBe(false);
    expect(isInstallOffer(null)).toBe(false);
  });

  it('is read from its key on window, and nothing else there counts as one', () => {
    expect(keptOffer()).toBeNull();
    window[INSTALL_OFFER_KEY] = { prompt: 'yes' };
    expect(keptOffer()).toBeNull();
    const { event } = fakeOffer('dismissed');
    keep(event);
    expect(keptOffer()).toBe(event);
  });
});

describe('prompting', () => {
  it('shows the browser’s dialog once and says the person accepted; the used offer is forgotten and the menu item hidden', async () => {
    const { event, prompt } = fakeOffer('accepted');
    keep(event);
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledOnce();
    expect(keptOffer()).toBeNull();
    expect(marked()).toBe(false);
  });

  it('a prompt the press already opened (before this code loaded) is waited for, not opened twice', async () => {
    const { event, prompt } = fakeOffer('accepted');
    keep(event);
    const shown = prompt();
    await expect(promptInstall(shown)).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledOnce();
    expect(keptOffer()).toBeNull();
  });

  it('says the person dismissed it', async () => {
    keep(fakeOffer('dismissed').event);
    await expect(promptInstall()).resolves.toBe('dismissed');
  });

  it('an answer the portal does not know counts as dismissed', async () => {
    keep(fakeOffer('unknown').event);
    await expect(promptInstall()).resolves.toBe('dismissed');
  });

  it('a new offer the browser makes while the dialog is open is kept for next time', async () => {
    const first = fakeOffer('dismissed');
    const second = fakeOffer('accepted');
    first.prompt.mockImplementation(async () => keep(second.event));
    keep(first.event);
    await promptInstall();
    expect(keptOffer()).toBe(second.event);
    expect(marked()).toBe(true);
  });

  it('fails without an offer, and a dialog that fails to open forgets the offer', async () => {
    await expect(promptInstall()).rejects.toThrow(/not offered/);
    const { event, prompt } = fakeOffer('accepted');
    prompt.mockRejectedValue(new DOMException('once', 'InvalidStateError'));
    keep(event);
    await expect(promptInstall()).rejects.toThrow('once');
    expect(keptOffer()).toBeNull();
  });
});

describe('running installed', () => {
  it('is the standalone display mode', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(display-mode: standalone)',
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    expect(runsInstalled()).toBe(true);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(runsInstalled()).toBe(false);
  });
});
