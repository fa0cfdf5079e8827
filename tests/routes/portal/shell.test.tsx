import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { createHttp } from '../../../src/api/client.js';
import { activateLocale } from '../../../src/lib/i18n.js';
import { showCampus } from '../../../src/routes/portal/router.js';
import { staff, student } from '../../machines/fixtures.js';
import { renderPortal } from './render-portal.js';
import { selectApiErrors } from '../../../src/machines/app.machine.js';

const signedIn =
  (user = student) =>
  async () => ({ kind: 'user' as const, user });
/** The dashboard's blocks never answer, so only the test's own errors reach the app's count. */
/** Every call hangs: the page shows once the alerts' and the dashboard top's patience run out. */
const PATIENCE = { timeout: 5_000 };
const quiet = () => ({
  http: createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: () => new Promise<Response>(() => {}),
  }),
});
const WARNING =
  'Student Information Systems integration are currently unavailable. Please check back again later.';

describe('the portal shell', () => {
  it('shows the integration banner once there are more than 3 API errors', async () => {
    const { app } = renderPortal('/', signedIn(), quiet());
    await screen.findByText('Hello Ana', {}, PATIENCE);
    act(() => {
      for (let i = 0; i < 3; i += 1)
        app.send({ type: 'app.apiFailed', message: 'Error retreiving data' });
    });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    act(() => app.send({ type: 'app.apiFailed', message: 'Unable to retrieve account summary' }));
    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
  });

  it('error state 1 shows the page plus the integration banner', async () => {
    const { app } = renderPortal('/', signedIn(), quiet());
    await screen.findByText('Hello Ana', {}, PATIENCE);
    act(() => app.send({ type: 'app.integrationWarning' }));
    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
  });

  it('shows flash messages and lets the user dismiss them', async () => {
    const { flash } = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    act(() =>
      flash.send({ type: 'flash.push', message: { id: 'saved', message: 'Preferences saved' } }),
    );
    expect(screen.getByText('Preferences saved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Preferences saved' }));
    expect(screen.queryByText('Preferences saved')).not.toBeInTheDocument();
  });

  it('the footer version and admin link show only to initialised users with is_staff', async () => {
    const first = renderPortal('/', signedIn(staff));
    await screen.findByText('Hello Morgan');
    expect(screen.getByText(/Version abc1234/)).toBeInTheDocument();
    first.unmount();
    renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    expect(screen.queryByText(/Version/)).not.toBeInTheDocument();
  });

  it('a "refresh" query parameter clears the server-side caches once the user is known', async () => {
    const clearCache = vi.fn(async () => ({ cleared: 2 }));
    renderPortal('/account?refresh', signedIn(), { services: { clearCache } });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    expect(clearCache).toHaveBeenCalledTimes(1);
  });

  it('a failed cache clear pushes an API error and still shows the page', async () => {
    const { app } = renderPortal('/?refresh', signedIn(), {
      services: { clearCache: () => Promise.reject(new Error('404')) },
    });
    await screen.findByText('Hello Ana');
    await waitFor(() =>
      expect(selectApiErrors(app.getSnapshot())).toContainEqual({
        type: 'api',
        component: 'cache',
        message: 'Error retreiving data',
      }),
    );
  });

  it('/logout signs the user out, then leaves for the backend logout address', async () => {
    const view = renderPortal('/logout', signedIn());
    await waitFor(() => expect(view.left).toEqual(['/auth/logout']));
  });

  it('the mobile menu toggles open and closes when a link is followed', async () => {
    const view = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Finances',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Finances' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(view.router.state.location.pathname).toBe('/finances');
  });

  it('the sidebar logo links to the root', async () => {
    renderPortal('/academics', signedIn());
    await screen.findByRole('heading', { level: 1, name: 'Academics' });
    expect(screen.getByRole('link', { name: 'Campus Portal home' })).toHaveAttribute('href', '/');
  });

  it('a campus with a Spanish portal name shows it to a Spanish reader once the texts arrive (issue 59)', async () => {
    const view = renderPortal('/academics', signedIn());
    await screen.findByRole('heading', { level: 1, name: 'Academics' });
    await act(async () => {
      await activateLocale('es');
      showCampus(view.router, { ...defaultCampus, productName: 'Portal del Campus' });
    });
    expect(
      await screen.findByRole('link', { name: 'Inicio de Portal del Campus' }),
    ).toHaveAttribute('href', '/');
    await act(() => activateLocale('en'));
  });

  it('scrolls to the top after a navigation without a hash or saved position', async () => {
    const view = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    await act(() => view.router.navigate({ to: '/academics' }));
    await waitFor(() => expect(view.scrolled.at(-1)).toBe(0));
  });

  it('scrolls to the hash anchor after a navigation with a hash', async () => {
    const view = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    await act(() => view.router.navigate({ to: '/account', hash: 'main' }));
    await waitFor(() => expect(view.scrolled.at(-1)).toBe('#main'));
  });

  it('going back scrolls to the position saved for that page', async () => {
    const view = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    window.scrollY = 420;
    document.dispatchEvent(new Event('scroll'));
    await act(() => view.router.navigate({ to: '/academics' }));
    await screen.findByRole('heading', { level: 1, name: 'Academics' });
    window.scrollY = 0;
    await act(() => view.router.history.back());
    await screen.findByText('Hello Ana');
    await waitFor(() => expect(view.scrolled.at(-1)).toBe(420));
  });
});

describe('document titles', () => {
  it('a portal page is titled "<Page> · Campus Portal"', async () => {
    renderPortal('/academics', async () => ({ kind: 'user', user: student }));
    await screen.findByRole('heading', { level: 1, name: 'Academics' });
    await waitFor(() => expect(document.title).toBe('Academics · Campus Portal'));
  });
});

describe('the account menu’s Install the app (issue 57)', () => {
  /** A kept offer as public/theme.js keeps Chromium's `beforeinstallprompt`, its prompt counted. */
  function keepOffer(outcome: 'accepted' | 'dismissed') {
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.campusPortalInstallOffer = offer;
    return offer;
  }

  it('opens the browser’s install prompt on the first press, as Account’s own button does, and stays on the page', async () => {
    const offer = keepOffer('accepted');
    try {
      const { router } = renderPortal('/', signedIn());
      await screen.findByText('Hello Ana');
      const menu = screen.getByRole('navigation', { name: 'Your account' });
      fireEvent.click(within(menu).getByRole('link', { name: 'Install the app' }));
      expect(offer.prompt).toHaveBeenCalledTimes(1);
      expect(
        await screen.findByText('Installed. Open it from your home screen or app list.'),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(window.campusPortalInstallOffer).toBeNull();
    } finally {
      window.campusPortalInstallOffer = undefined;
    }
  });

  it('without an offer to prompt, the item leads to Account’s section', async () => {
    window.campusPortalInstallOffer = undefined;
    const { router } = renderPortal('/', signedIn());
    await screen.findByText('Hello Ana');
    const menu = screen.getByRole('navigation', { name: 'Your account' });
    fireEvent.click(within(menu).getByRole('link', { name: 'Install the app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.hash).toBe('install');
  });
});
