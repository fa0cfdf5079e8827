import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { student as sisStudent } from '../../../server/sis/fixtures/student.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import { renderPortal } from './render-portal.js';

const shareOf = (categories: DelegateCategory[]) => ({
  delegation: 9,
  student_name: 'Ana Valencia',
  categories,
  ends_at: '2027-05-31T06:59:59.000Z',
});

function asDelegateAt(path: string, categories: DelegateCategory[]) {
  const api = stubApi({
    'integrations/finti/financial-account-summary': {
      json: sisStudent['financial-account-summary'],
    },
    'integrations/finti/financial-aid-info': { json: sisStudent['financial-aid-info'] },
  });
  const view = renderPortal(path, async () => ({ kind: 'delegate', share: shareOf(categories) }));
  return { ...view, requests: api.requests };
}

/** The page's toolbar, once the page under the delegate's bar has drawn it. */
async function toolbarOf(title: string) {
  await screen.findByRole('heading', { level: 1, name: title });
  return within(screen.getByTestId('block-toolbar'));
}

const menuLinks = async () => {
  const menu = await screen.findByRole('navigation', { name: 'Main menu', hidden: true });
  await waitFor(() =>
    expect(within(menu).queryAllByRole('link', { hidden: true })).not.toEqual([]),
  );
  return within(menu)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent?.trim());
};

describe("a delegate's navigation shows only the granted sections (issue 88)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the main menu lists the granted sections in the contract’s order, and nothing else', async () => {
    asDelegateAt('/finances', ['messages', 'academics', 'finances']);
    expect(await menuLinks()).toEqual(['Finances', 'Academics', 'Messages']);
  });

  it('without Messages granted, the toolbar has no search and no Messages link', async () => {
    asDelegateAt('/finances', ['finances']);
    const toolbar = await toolbarOf('Finances');
    expect(toolbar.queryByRole('link', { name: /^Messages/ })).toBeNull();
    expect(screen.getByTestId('block-toolbar').querySelector('.toolbar__search')).toBeNull();
    expect(toolbar.queryByRole('combobox')).toBeNull();
  });

  it('with Messages granted, the toolbar has the search and the Messages link', async () => {
    asDelegateAt('/finances', ['finances', 'messages']);
    const toolbar = await toolbarOf('Finances');
    expect(toolbar.getByRole('link', { name: /^Messages/ })).toHaveAttribute('href', '/messages');
    expect(screen.getByTestId('block-toolbar').querySelector('.toolbar__search')).not.toBeNull();
  });

  it('`/` lands a delegate on the first granted section, reading nothing of the dashboard', async () => {
    const { router, requests } = asDelegateAt('/', ['messages', 'finances']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/finances'));
    expect(await screen.findByRole('region', { name: 'Account summary' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Not shared with you' })).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('dashboard'))).toEqual([]);
  });

  it('`/dashboard` lands a delegate given Academics and Messages on Academics, the first of them', async () => {
    const { router } = asDelegateAt('/dashboard', ['messages', 'academics']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/academics'));
  });
});
