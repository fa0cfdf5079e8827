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

const status = () => screen.getByRole('status');

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

  it('a ticked choice is "Not saved yet." until saved; ticked back to what is stored, it is not', async () => {
    openAffiliations();
    renderNextSteps('/next-steps/affiliations');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Veterans' }));
    expect(status()).toHaveTextContent('Not saved yet.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Veterans' }));
    expect(status()).toHaveTextContent(/^$/);
  });

  it('once saved, the saved choices are what is stored: "Saved.", and a change from them is "Not saved yet." again', async () => {
    const api = openAffiliations({
      'PATCH /user_student_types/5/': { json: { pk: 5, student_types: [2, 3] } },
    });
    renderNextSteps('/next-steps/affiliations');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Veterans' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save affiliations' }));
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ student_types: [2, 3] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Veterans' }));
    expect(status()).toHaveTextContent('Not saved yet.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Veterans' }));
    expect(status()).toHaveTextContent(/^$/);
  });
});
