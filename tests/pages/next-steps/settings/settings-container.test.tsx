import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderNextSteps } from '../../../routes/next-steps/render-next-steps.js';
import { stubApi } from '../../portal/api-stub.js';

function openAffiliations(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /student_types/': {
      json: [
        { id: 1, name: 'All Students' },
        { id: 2, name: 'Transfer students' },
        { id: 3, name: 'Veterans' },
      ],
    },
    'GET /user_student_types/': { json: [{ pk: 5, student_types: [2] }] },
    ...extra,
  });
}

/**
 * The choices' own status line: the frame's connection notice, whose code loads after the first
 * screen, is a status region too once it has loaded.
 */
const status = () => {
  const own = screen.getAllByRole('status').filter((region) => region.closest('.choices'));
  expect(own).toHaveLength(1);
  return own[0];
};

describe('Next Steps affiliations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the loaded choices ticked, without "All Students", and nothing to save yet', async () => {
    openAffiliations();
    renderNextSteps('/next-steps/affiliations');
    expect(await screen.findByRole('checkbox', { name: 'Transfer students' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Veterans' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'All Students' })).toBeNull();
    expect(status()).toHaveTextContent(/^$/);
  });

  it('one save model (issue 43): a tick is saved as it is made, and "Saved." follows the answer', async () => {
    const api = openAffiliations({
      'PATCH /user_student_types/5/': { json: { pk: 5, student_types: [2, 3] } },
    });
    renderNextSteps('/next-steps/affiliations');
    const veterans = await screen.findByRole('checkbox', { name: 'Veterans' });
    fireEvent.click(veterans);
    expect(status()).toHaveTextContent('Saving…');
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ student_types: [2, 3] });
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    expect(veterans).toBeChecked();
  });

  it('a failed save says so beside the choices, and Try again saves the ticks shown', async () => {
    const api = openAffiliations({ 'PATCH /user_student_types/5/': { status: 503, json: {} } });
    renderNextSteps('/next-steps/affiliations');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Veterans' }));
    expect(await screen.findByText('Your change could not be saved.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2),
    );
  });
});
