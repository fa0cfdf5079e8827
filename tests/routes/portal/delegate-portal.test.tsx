import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../server/sis/fixtures/student.js';
import { message, messagePage } from '../../lib/message-fixtures.js';
import { stubApi } from '../../pages/portal/api-stub.js';
import { renderPortal } from './render-portal.js';

const SUMMARY = 'integrations/finti/financial-account-summary';
const AID = 'integrations/finti/financial-aid-info';
const HOLDS = 'integrations/finti/holds';
const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['finances' as const],
  ends_at: '2027-05-31T06:59:59.000Z',
};

function asDelegateAt(path: string) {
  const api = stubApi({
    [SUMMARY]: { json: sisStudent['financial-account-summary'] },
    [AID]: { json: sisStudent['financial-aid-info'] },
    [HOLDS]: { json: sisStudent.holds },
  });
  const view = renderPortal(path, async () => ({ kind: 'delegate', share: SHARE }));
  return { ...view, requests: api.requests };
}

describe('The portal in capacity delegate (issue 88)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a delegate the student shared Finances with reads the student's Finances under their bar, with no token sent", async () => {
    const { left } = asDelegateAt('/finances');
    const bar = await screen.findByRole('region', { name: 'Shared with you' });
    expect(bar).toHaveTextContent('Ana Valencia shared Finances and holds with you until');
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$3,200.00')).toBeVisible();
    const calls = vi.mocked(globalThis.fetch).mock.calls;
    const sent = calls.map(([input, init]) => new Request(input, init));
    expect(sent.some((r) => r.url.endsWith(SUMMARY))).toBe(true);
    expect(sent.filter((r) => r.headers.has('authorization'))).toEqual([]);
    expect(left).toEqual([]);
  });

  it('"Finances and holds" shows the holds on Finances (a student reads theirs on Account), drawn by Account\'s own list', async () => {
    asDelegateAt('/finances');
    const holds = await screen.findByRole('region', { name: 'Holds' });
    expect(await within(holds).findByRole('heading', { name: 'Registration Hold' })).toBeVisible();
    expect(within(holds).getByText('Reason')).toBeVisible();
  });

  it("the main menu shows only the sections shared; their account menu leads to their own page, not the student's Account", async () => {
    asDelegateAt('/finances');
    const menu = await screen.findByRole('navigation', { name: 'Main menu', hidden: true });
    const links = within(menu)
      .getAllByRole('link', { hidden: true })
      .map((link) => link.textContent?.trim());
    expect(links).toContain('Finances');
    expect(links).not.toContain('Academics');
    expect(links).not.toContain('Dashboard');
    // Their account is their own page (other shares, passkeys), not the student's Account.
    const account = screen.getByRole('navigation', { name: 'Your account', hidden: true });
    const own = within(account).getAllByRole('link', { hidden: true });
    expect(own.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Your shares and passkeys', '/auth/delegate'],
    ]);
  });

  it('a page not shared says so and leads to the shared sections, reading nothing of the student', async () => {
    const { router, requests, left } = asDelegateAt('/academics');
    expect(await screen.findByRole('heading', { name: 'Not shared with you' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Finances' })).toBeVisible();
    expect(requests.filter((r) => r.path.startsWith('integrations/'))).toEqual([]);
    // Back keeps the delegate on the portal: no sign-in for a reader the portal knows.
    await router.navigate({ to: '/finances' });
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/academics'));
    expect(await screen.findByRole('heading', { name: 'Not shared with you' })).toBeVisible();
    expect(left).toEqual([]);
  });

  it("a delegate the student shared the university's messages with reads them on Messages, read only: Mark read disabled, nothing posted, the student's nudges not asked", async () => {
    const api = stubApi({
      'notifications/user': {
        json: messagePage([message(1, { title: 'Registration opens', display_as_banner: false })]),
      },
    });
    renderPortal('/messages', async () => ({
      kind: 'delegate',
      share: { ...SHARE, categories: ['messages' as const] },
    }));
    expect(await screen.findByText('Registration opens')).toBeVisible();
    // Read only, as support's view is: the marks are there, disabled.
    for (const mark of screen.getAllByRole('button', { name: /Mark .*read/ })) {
      expect(mark).toBeDisabled();
    }
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    // The SIS's nudges are the student's prompts, not the university's messages: never asked.
    const paths = api.requests.map((r) => r.path);
    expect(paths).toContain('notifications/user');
    expect(paths.filter((p) => p.includes('nudges'))).toEqual([]);
  });
});
