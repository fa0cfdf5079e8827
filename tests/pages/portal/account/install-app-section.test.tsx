import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_OFFER_ATTRIBUTE, INSTALL_OFFER_KEY } from '../../../../src/lib/install-offer.js';
import { InstallAppSection } from '../../../../src/pages/portal/account/install-app-section.js';
import { fakeOffer } from '../../../lib/install-offer-fixtures.js';

/** What public/theme.js does with the browser's offer: keeps it and marks <html>. */
function offer(outcome: 'accepted' | 'dismissed') {
  const fake = fakeOffer(outcome);
  window[INSTALL_OFFER_KEY] = fake.event;
  document.documentElement.setAttribute(INSTALL_OFFER_ATTRIBUTE, '');
  return fake;
}

/** A browser as Safari on an iPhone describes itself, in the browser or from the Home Screen. */
function iPhone(fromHomeScreen: boolean) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  );
  vi.stubGlobal('matchMedia', () => ({ matches: fromHomeScreen }));
}

const button = () => screen.queryByRole('button', { name: 'Install the app' });

describe('Account: Install the app (issue 44)', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => {
    window[INSTALL_OFFER_KEY] = undefined;
    document.documentElement.removeAttribute(INSTALL_OFFER_ATTRIBUTE);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('without the browser’s offer, shows nothing', async () => {
    const { container } = render(<InstallAppSection />);
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
  });

  it('with the offer, shows the section and its button, and never prompts unasked', async () => {
    const { prompt } = offer('accepted');
    render(<InstallAppSection />);
    expect(await screen.findByRole('heading', { name: 'Install the app' })).toBeVisible();
    expect(button()).toBeEnabled();
    expect(prompt).not.toHaveBeenCalled();
  });

  it('pressing Install the app prompts once; accepted, the button goes and focus is on the status that says so', async () => {
    const { prompt } = offer('accepted');
    render(<InstallAppSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Installed. Open it from your home screen or app list.',
      ),
    );
    expect(prompt).toHaveBeenCalledOnce();
    expect(button()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('dismissed, the button stays and has focus; a press while the dialog is open asks nothing more', async () => {
    const { prompt } = offer('dismissed');
    render(<InstallAppSection />);
    const install = await screen.findByRole('button', { name: 'Install the app' });
    fireEvent.click(install);
    fireEvent.click(install);
    await waitFor(() => expect(install).toHaveAttribute('aria-disabled', 'false'));
    expect(prompt).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(install);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('an offer that comes late shows the section; the portal installed from the browser’s menu says installed', async () => {
    render(<InstallAppSection />);
    await act(async () => {});
    expect(button()).toBeNull();
    act(() => {
      offer('accepted');
      window.dispatchEvent(new Event('beforeinstallprompt'));
    });
    expect(await screen.findByRole('button', { name: 'Install the app' })).toBeVisible();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.getByRole('status')).toHaveTextContent('Installed.');
    expect(button()).toBeNull();
  });

  it('a dialog the browser will not open says to use the browser’s menu, with focus on that', async () => {
    const { prompt } = offer('accepted');
    prompt.mockRejectedValue(new DOMException('once', 'InvalidStateError'));
    render(<InstallAppSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        "The browser did not show its install dialog. Use Install app in the browser's menu.",
      ),
    );
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('on an iPhone in Safari, which has no install dialog, says how to add the portal to the Home Screen, without a button', async () => {
    iPhone(false);
    render(<InstallAppSection />);
    expect(
      await screen.findByText(
        'To install the portal on this iPhone or iPad, in Safari, tap Share, then Add to Home Screen.',
      ),
    ).toBeVisible();
    expect(button()).toBeNull();
  });

  it('opened from the Home Screen, shows nothing', async () => {
    iPhone(true);
    const { container } = render(<InstallAppSection />);
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
  });
});
