import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';

const HEADLINE = 'integrations/finti/degree-progress/headline';

/** The dashboard's profile card, for a student whose degree audit answers `headline`. */
async function cardWith(headline: StubAnswer) {
  const api = stubApi({ [HEADLINE]: headline });
  renderPortal('/', async () => ({ kind: 'user', user: student }));
  const card = await screen.findByRole('region', { name: 'Profile summary' });
  return { card, api };
}

describe('issue 92: the dashboard profile card shows the degree audit’s headline figure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a link to Academics’ "Degree progress" at once, the share of requirements met once read', async () => {
    const { card, api } = await cardWith({
      json: {
        percent_requirements: 38,
        percent_credits: 45,
        credits_applied: 54,
        credits_required: 120,
      },
    });
    const term = within(card).getByText('Degree progress');
    expect(term.tagName).toBe('DT');
    // Drawn with the card (and by the server): a link, before the figure's code has come.
    expect(
      // (jsdom joins the hidden words without their space; a browser reads "View your degree progress")
      within(card).getByRole('link', { name: /^View ?your degree progress$/ }),
    ).toHaveAttribute('href', '/academics#degree-progress');
    const figure = await within(card).findByRole(
      'link',
      { name: '38% complete' },
      { timeout: 3000 },
    );
    expect(figure).toHaveAttribute('href', '/academics#degree-progress');
    expect(figure.closest('dd')?.previousElementSibling).toBe(term);
    expect(api.requests.filter((r) => r.path === HEADLINE)).toHaveLength(1);
  });

  it('an audit the campus has not run says so, quietly', async () => {
    const { card } = await cardWith({ json: { p_result: 'Warning', p_message: 'No audit' } });
    expect(await within(card).findByText('No audit on record', {}, { timeout: 3000 })).toHaveClass(
      'empty-value',
    );
  });

  it('an audit system that fails gives the card’s usual words, and the rest of the card stands', async () => {
    const { card } = await cardWith({
      status: 500,
      json: {
        detail: 'The student information system could not answer.',
        component: 'degree-progress',
      },
    });
    const dd = within(card).getByText('Degree progress').nextElementSibling;
    await vi.waitFor(() => expect(dd).toHaveTextContent('Error retrieving info'), {
      timeout: 3000,
    });
    expect(within(card).queryByRole('link', { name: /degree progress/ })).toBeNull();
    expect(within(card).getByText('University ID')).toBeInTheDocument();
  });
});
