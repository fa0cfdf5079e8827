import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { staff, student } from '../../../machines/fixtures.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { selectApiErrors } from '../../../../src/machines/app.machine.js';

const SUMMARY = 'integrations/finti/financial-account-summary';
const AID = 'integrations/finti/financial-aid-info';

function openFinances(answers: Record<string, StubAnswer>) {
  stubApi(answers);
  return renderPortal('/finances', async () => ({ kind: 'user', user: student }));
}
const section = (name: string) => screen.getByRole('region', { name });

describe('the Finances page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is titled "Finances · Campus Portal" and shows the account summary in USD and aid by year', async () => {
    openFinances({
      [SUMMARY]: {
        json: {
          ...sisStudent['financial-account-summary'],
          ENROLLED_PPLAN: 'Y',
          PPLAN_TERM: '202604',
        },
      },
      [AID]: { json: sisStudent['financial-aid-info'] },
    });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('$3,200.00')).toBeVisible();
    expect(within(summary).getAllByText('$0.00')).toHaveLength(3);
    expect(within(summary).getByText(/enrolled in a payment plan for Fall 2026/)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Aid year 2026-2027' })).toBeVisible();
    expect(screen.getByText('Meeting satisfactory academic progress')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay your bill online' })).toHaveAttribute('href');
    const page = screen.getByRole('region', { name: 'Finances' });
    expect(within(page).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await waitFor(() => expect(document.title).toBe('Finances · Campus Portal'));
  });

  it('shows "Loading…" in each section while the answers are on their way', async () => {
    openFinances({ [SUMMARY]: 'pending', [AID]: 'pending' });
    await screen.findByRole('heading', { level: 1, name: 'Finances' });
    expect(within(section('Account summary')).getByText('Loading…')).toBeInTheDocument();
    expect(within(section('Financial aid')).getByText('Loading…')).toBeInTheDocument();
  });

  it('a failed account summary says "Unable to retrieve account summary" and reports it', async () => {
    const { app } = openFinances({
      [SUMMARY]: { status: 500, json: { detail: 'Boom' } },
      [AID]: { status: 500, json: { detail: 'Boom' } },
    });
    expect(await screen.findByText('Unable to retrieve account summary')).toBeVisible();
    expect(
      await within(section('Financial aid')).findByText('Error retrieving info'),
    ).toBeVisible();
    expect(selectApiErrors(app.getSnapshot())).toEqual(
      expect.arrayContaining([
        {
          type: 'api',
          component: 'financial-account-summary',
          message: 'Unable to retrieve account summary',
        },
        { type: 'api', component: 'financial-aid-info', message: 'Error retreiving data' },
      ]),
    );
  });

  it('a "Warning" summary and no aid years show as empty', async () => {
    openFinances({
      [SUMMARY]: { json: { p_result: 'Warning', p_message: 'No account on record' } },
      [AID]: { json: { FINAID_DETAIL: [], FINAID_MSG: null } },
    });
    const summary = await screen.findByRole('region', { name: 'Account summary' });
    expect(await within(summary).findByText('No Record Found/Not Applicable')).toBeVisible();
    expect(
      await within(section('Financial aid')).findByText('No Record Found/Not Applicable'),
    ).toBeVisible();
  });

  it('an employee without a student role sees a short note, and no empty summary, aid or payment link', async () => {
    const { requests } = stubApi({});
    renderPortal('/finances', async () => ({ kind: 'user', user: staff }));
    expect(await screen.findByRole('heading', { name: 'This page is for students' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
    expect(screen.queryByText('No Record Found/Not Applicable')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay your bill online' })).toBeNull();
    expect(requests.map((r) => r.path)).not.toContain(SUMMARY);
  });
});
