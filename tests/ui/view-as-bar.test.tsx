import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../contract/language.schema.js';
import { viewingAsSchema } from '../../contract/view-as.schema.js';
import { activateLocale } from '../../src/lib/i18n.js';
import ViewAsBar from '../../src/ui/view-as-bar.js';

const NOW = new Date('2026-11-27T15:06:00.000Z');

/** The user answer's `view_as`, as the server sends it: a view that ends 24 minutes from now. */
const viewAs = (viewer: Language) =>
  viewingAsSchema.parse({
    name: 'Ana Valencia',
    ends_at: '2026-11-27T15:30:00.000Z',
    read_only: true,
    viewer_language: viewer,
  });

/** The bar first, then a page with a link, as each app's frame draws them. */
async function drawn(viewer: Language) {
  render(
    <>
      <ViewAsBar viewAs={viewAs(viewer)} csrf="token-1" />
      <main>
        <a href="/academics">Academics</a>
      </main>
    </>,
  );
  const bar = await screen.findByRole('region', { name: viewer === 'es' ? 'Ver como' : 'View as' });
  // Its status is filled a moment after the bar appears, so that it is announced.
  await waitFor(() => expect(within(bar).getByRole('status')).not.toBeEmptyDOMElement());
  return bar;
}

beforeEach(() => {
  // Only the clock and the bar's minute timer are the test's: the catalogue's import runs as it does.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => activateLocale('en'));
});

describe('the view-as bar (issue 73)', () => {
  it('says "Viewing as Ana Valencia (read only) · 24 minutes left · End", with End posting the session\'s token to the end of the view', async () => {
    const bar = await drawn('en');
    expect(bar).toHaveTextContent('Viewing as Ana Valencia (read only) · 24 minutes left');
    expect(within(bar).getByText('Ana Valencia').tagName).toBe('STRONG');
    const end = within(bar).getByRole('button', { name: 'End the view as Ana Valencia' });
    const form = end.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/admin/view-as/end');
    expect(form?.querySelector('input[name="csrf"]')).toHaveValue('token-1');
  });

  it('counts the minutes left down as the clock runs, without saying them again', async () => {
    const bar = await drawn('en');
    const status = within(bar).getByRole('status');
    expect(status).toHaveTextContent('Viewing as Ana Valencia (read only). Changes are not saved.');
    const changes: MutationRecord[] = [];
    const watch = new MutationObserver((records) => changes.push(...records));
    watch.observe(status, { subtree: true, childList: true, characterData: true });
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(bar).toHaveTextContent('23 minutes left');
    await act(async () => vi.advanceTimersByTime(22 * 60_000));
    expect(bar).toHaveTextContent('1 minute left');
    watch.disconnect();
    // Announced once: the status was filled when the bar appeared, and the countdown left it be.
    expect(changes).toEqual([]);
    expect(status).toHaveTextContent('Viewing as Ana Valencia (read only). Changes are not saved.');
  });

  it('is announced once: one status, filled once after the bar appears', async () => {
    const bar = await drawn('en');
    expect(within(bar).getAllByRole('status')).toHaveLength(1);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    // The visible line is not itself live: only the status speaks, so nothing is said twice.
    expect(bar.querySelectorAll('[aria-live]')).toHaveLength(0);
  });

  it('is first in keyboard order: the first Tab reaches End before anything of the page', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const bar = await drawn('en');
    await user.tab();
    expect(within(bar).getByRole('button', { name: /^End/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Academics' })).toHaveFocus();
  });

  it("speaks the viewer's language, marked with it, not the page's: a Spanish-reading support person on an English student's page", async () => {
    const bar = await drawn('es');
    expect(document.documentElement.lang).toBe('en');
    expect(bar).toHaveAttribute('lang', 'es');
    expect(bar).toHaveTextContent('Viendo como Ana Valencia (solo lectura) · quedan 24 minutos');
    expect(within(bar).getByRole('button', { name: 'Terminar la vista como Ana Valencia' })).toBe(
      within(bar).getByRole('button'),
    );
    expect(within(bar).getByRole('status')).toHaveTextContent(
      'Viendo como Ana Valencia (solo lectura). Los cambios no se guardan.',
    );
  });

  it("speaks the viewer's English on a Spanish student's page, and stays English when the page's language changes", async () => {
    await act(() => activateLocale('es'));
    const bar = await drawn('en');
    expect(document.documentElement.lang).toBe('es');
    expect(bar).toHaveAttribute('lang', 'en');
    expect(bar).toHaveTextContent('Viewing as Ana Valencia (read only) · 24 minutes left');
    await act(() => activateLocale('en'));
    await act(() => activateLocale('es'));
    expect(bar).toHaveTextContent('Viewing as Ana Valencia (read only) · 24 minutes left');
    expect(within(bar).getByRole('button', { name: 'End the view as Ana Valencia' })).toBeVisible();
  });
});
