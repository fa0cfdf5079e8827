import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REAUTH_DETAIL } from '../../../../contract/delegates.schema.js';
import type { Delegation } from '../../../../contract/delegates.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';

const PARENT = 'maria.valencia@example.com';

const grant = (overrides: Partial<Delegation> = {}): Delegation => ({
  id: 7,
  name: 'María Valencia',
  email: PARENT,
  categories: ['finances'],
  purpose: 'Paying tuition and fees',
  starts_at: '2026-11-27T17:00:00.000Z',
  ends_at: '2027-06-01T06:59:59.999Z',
  accepted: true,
  state: 'active',
  views: [],
  ...overrides,
});

/** Account for the sample student, People you share with answering `shares`. */
function openAccount(shares: Delegation[], more: Record<string, StubAnswer> = {}) {
  const api = stubApi({
    'integrations/finti/holds': { json: [] },
    'integrations/finti/curriculum-info': { json: sisStudent['curriculum-info'] },
    'integrations/finti/standing': { json: sisStudent.standing },
    'GET preferences/user': { json: student.preferences },
    'GET /next-steps/api/notification_type/': { json: [] },
    'GET /next-steps/api/user_preference/': { json: [] },
    'GET delegations': { json: shares },
    ...more,
  });
  renderPortal('/account', async () => ({ kind: 'user', user: student }));
  return api;
}

async function section() {
  const heading = await screen.findByRole('heading', { name: 'People you share with' });
  return within(heading.closest('section') ?? document.body);
}

/** Opens the invitation form and fills it: Finances and holds, the first purpose, an end date. */
async function fillInvitation(categories: string[] = ['Finances and holds']) {
  const shares = await section();
  fireEvent.click(await shares.findByRole('button', { name: 'Share with someone' }));
  fireEvent.change(shares.getByLabelText('Their name'), { target: { value: 'María Valencia' } });
  fireEvent.change(shares.getByLabelText('Their email address'), { target: { value: PARENT } });
  for (const name of categories) fireEvent.click(shares.getByLabelText(name));
  fireEvent.change(shares.getByLabelText('Until'), { target: { value: '2027-05-31' } });
  return shares;
}

describe('Account → People you share with (issue 73)', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with nobody, says so; sharing sends the person, the categories, the purpose and the date, and the list then shows the invitation', async () => {
    const api = openAccount([]);
    expect(await (await section()).findByText('You share your record with nobody.')).toBeVisible();
    const shares = await fillInvitation();
    api.set('POST delegations', { status: 201, json: grant({ accepted: false }) });
    api.set('GET delegations', { json: [grant({ accepted: false })] });
    fireEvent.click(shares.getByRole('button', { name: 'Share' }));
    expect(
      await shares.findByRole('heading', { name: `María Valencia · ${PARENT}` }),
    ).toBeVisible();
    expect(shares.getByText('Invitation sent; shared until May 31, 2027')).toBeVisible();
    expect(shares.getByText('Shared: Finances and holds')).toBeVisible();
    expect(shares.getByText('Why: Paying tuition and fees')).toBeVisible();
    expect(shares.getByText('María Valencia has not viewed anything yet.')).toBeVisible();
    const sent = api.requests.find((r) => r.method === 'POST' && r.path === 'delegations');
    expect(sent?.body).toEqual({
      name: 'María Valencia',
      email: PARENT,
      categories: ['finances'],
      purpose: 'Paying tuition and fees',
      language: 'en',
      until: '2027-05-31',
    });
  });

  it('a purpose in the student’s own words is sent as written', async () => {
    const api = openAccount([]);
    const shares = await fillInvitation(['Finances and holds', 'Next Steps']);
    fireEvent.change(shares.getByLabelText('Why you share it'), { target: { value: 'own' } });
    fireEvent.change(shares.getByLabelText('Your reason, in your own words'), {
      target: { value: 'My aunt pays my rent' },
    });
    api.set('POST delegations', { status: 201, json: grant() });
    fireEvent.click(shares.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        categories: ['finances', 'next-steps'],
        purpose: 'My aunt pays my rent',
      }),
    );
  });

  it('without a category, the form says so and sends nothing', async () => {
    const api = openAccount([]);
    const shares = await fillInvitation([]);
    fireEvent.click(shares.getByRole('button', { name: 'Share' }));
    expect(await shares.findByRole('alert')).toHaveTextContent(
      'Choose at least one part of your record.',
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('consent is signed by a sign-in younger than 10 minutes: an older one is refused, and the form says to sign in again, with the link back here', async () => {
    openAccount([], { 'POST delegations': { status: 403, json: { detail: REAUTH_DETAIL } } });
    const shares = await fillInvitation();
    fireEvent.click(shares.getByRole('button', { name: 'Share' }));
    const alert = await shares.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sign in again to confirm: your sign-in is older than 10 minutes.',
    );
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/account#shares')),
    );
  });

  it('a grant lists each view; Stop sharing asks first, then stops it, and the list says so', async () => {
    const viewed = grant({
      views: [{ category: 'finances', viewed_at: '2026-11-27T17:14:00.000Z' }],
    });
    const api = openAccount([viewed], {
      'DELETE delegations/7': { status: 200, json: {} },
    });
    const shares = await section();
    expect(await shares.findByText(/^Shared until /)).toBeVisible();
    expect(
      // The portal's own date forms (src/lib/time.ts), in the campus zone (issue 87).
      shares.getByText('viewed Finances and holds on Nov 27, 2026 at 9:14 AM'),
    ).toBeVisible();
    // Account's other reads may still draw the list again as they settle, and a list drawn again
    // starts its items closed: the press is made until the question stands.
    const question = { name: 'Stop sharing with María Valencia?' };
    await waitFor(() => {
      if (!shares.queryByRole('group', question))
        fireEvent.click(shares.getByRole('button', { name: 'Stop sharing' }));
      expect(shares.getByRole('group', question)).toBeVisible();
    });
    const confirm = shares.getByRole('group', question);
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    api.set('GET delegations', { json: [grant({ ...viewed, state: 'revoked' })] });
    fireEvent.click(
      within(confirm).getByRole('button', { name: 'Stop sharing with María Valencia' }),
    );
    expect(await shares.findByText('Stopped')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      'delegations/7',
    ]);
    expect(shares.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
  });

  it('Stop sharing puts focus on the question’s first control; Keep sharing gives it back to Stop sharing; once stopped, focus is on the row’s heading and the live region says so', async () => {
    const api = openAccount([grant()], { 'DELETE delegations/7': { status: 200, json: {} } });
    const shares = await section();
    expect(await shares.findByText(/^Shared until /)).toBeVisible();
    const question = { name: 'Stop sharing with María Valencia?' };
    const ask = async () =>
      waitFor(() => {
        if (!shares.queryByRole('group', question))
          fireEvent.click(shares.getByRole('button', { name: 'Stop sharing' }));
        expect(shares.getByRole('group', question)).toBeVisible();
      });
    await ask();
    const stopButton = shares.getByRole('button', { name: 'Stop sharing' });
    expect(stopButton).toHaveAttribute('aria-expanded', 'true');
    const confirm = within(shares.getByRole('group', question));
    expect(confirm.getByRole('button', { name: 'Stop sharing with María Valencia' })).toHaveFocus();

    fireEvent.click(confirm.getByRole('button', { name: 'Keep sharing' }));
    expect(shares.queryByRole('group', question)).toBeNull();
    expect(stopButton).toHaveFocus();
    expect(stopButton).toHaveAttribute('aria-expanded', 'false');

    await ask();
    api.set('GET delegations', { json: [grant({ state: 'revoked' })] });
    fireEvent.click(
      within(shares.getByRole('group', question)).getByRole('button', {
        name: 'Stop sharing with María Valencia',
      }),
    );
    expect(await shares.findByText('Stopped')).toBeVisible();
    expect(shares.getByRole('heading', { name: `María Valencia · ${PARENT}` })).toHaveFocus();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent?.includes('Sharing stopped. They are told by email')),
    ).toBe(true);
  });

  it('in Spanish, the share form asks for the other person’s name and email address, not the student’s own', async () => {
    openAccount([]);
    const shares = await section();
    fireEvent.click(await shares.findByRole('button', { name: 'Share with someone' }));
    expect(shares.getByLabelText('Their name')).toBeVisible();
    expect(shares.getByLabelText('Their email address')).toBeVisible();
    try {
      await act(() => activateLocale('es'));
      expect(shares.getByLabelText('Nombre de la persona')).toBeVisible();
      expect(shares.getByLabelText('Correo electrónico de la persona')).toBeVisible();
      expect(shares.getByLabelText('Idioma de los correos de la persona')).toBeVisible();
      expect(shares.queryByLabelText(/^Su (nombre|dirección)/)).toBeNull();
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});
