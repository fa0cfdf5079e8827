import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student } from '../../../machines/fixtures.js';
import { messagePage } from '../../../lib/message-fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

/** Every read answers 404 but the ones a page needs to show; the paths asked are kept. */
function api() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(new Request(input, init).url).pathname.replace(/^\/api\//, '');
    asked.push(path);
    const answers: Record<string, unknown> = {
      'notifications/user': messagePage([]),
      'integrations/rave-messages': { checked: true, alerts: [] },
    };
    const known = path in answers;
    return new Response(JSON.stringify(known ? answers[path] : { detail: 'Not found.' }), {
      status: known ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

/** Signed in with a student role, as sign-in lets in someone the SIS has no record of. */
const unknown = { ...student, nine_number: '' };

describe('a person the SIS does not know (issue 57)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not shown student blocks and the student checklist: they see what the portal can tell them and whom to contact', async () => {
    const asked = api();
    renderPortal('/', async () => ({ kind: 'user', user: unknown }));
    const summary = await screen.findByRole(
      'region',
      { name: 'Profile summary' },
      { timeout: 5_000 },
    );
    expect(within(summary).getByRole('heading', { name: /^Hello / })).toBeInTheDocument();
    // The card is its own chunk (issue 75: off the first route), drawn when it has loaded.
    const card = await within(summary).findByTestId('unknown-person');
    expect(card).toHaveTextContent(
      'The university’s records don’t list you yet'.replace(/’/g, "'"),
    );
    expect(card).toHaveTextContent(`Signed in as ${student.email}`);
    expect(within(card).getByRole('link', { name: 'Technology Help Desk' })).toHaveAttribute(
      'href',
      'https://help.campus.example.edu/',
    );
    expect(within(summary).queryByText('University ID')).toBeNull();
    expect(within(summary).queryByRole('heading', { name: 'Holds' })).toBeNull();
    expect(screen.queryByRole('heading', { name: "Today's Classes" })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Upcoming Tasks' })).toBeNull();
    // Nothing of a student's record is read for them: no holds, no term, no tasks.
    expect(asked.filter((p) => /holds|current-term|mynextsteps|next-steps/.test(p))).toEqual([]);
  });

  it('a student the SIS knows still sees the student blocks', async () => {
    const asked = api();
    renderPortal('/', async () => ({ kind: 'user', user: student }));
    expect(
      await screen.findByRole('heading', { name: "Today's Classes" }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('unknown-person')).toBeNull();
    expect(asked.some((p) => /holds/.test(p))).toBe(true);
    expect(asked.some((p) => /current-term/.test(p))).toBe(true);
  });
});
