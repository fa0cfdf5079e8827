import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import type { Payment } from '../../../../contract/payments.schema.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { stubApi } from '../api-stub.js';
import type { StubAnswer } from '../api-stub.js';
import { expectEachDisabledSaysReadOnly, viewingAs } from '../view-as-fixture.js';

const SUMMARY = 'integrations/finti/financial-account-summary';
const AID = 'integrations/finti/financial-aid-info';
const campus = {
  ...defaultCampus,
  timeZone: 'UTC',
  finances: {
    ...defaultCampus.finances,
    pay: { provider: 'touchnet' as const, minimumCents: 100, maximumCents: 9_999_999 },
  },
};

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  amount_cents: 25_000,
  currency: 'USD',
  provider: 'touchnet',
  reference: null,
  state: 'handedOff',
  created_at: '2026-12-03T10:00:00.000Z',
  received_at: null,
  posted_at: null,
  by_delegate: false,
  ...over,
});

function openFinances(path: string, answers: Record<string, StubAnswer>, viewAs = false) {
  const api = stubApi({
    [SUMMARY]: { json: sisStudent['financial-account-summary'] },
    [AID]: { json: sisStudent['financial-aid-info'] },
    ...answers,
  });
  const user = viewAs ? { ...student, view_as: viewingAs('en') } : student;
  renderPortal(path, async () => ({ kind: 'user', user }), { site: { campus } });
  return api;
}

describe('Finances → Pay (issue 89)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the browser sent straight to the success link with no posting shows "waiting for confirmation", never "paid"', async () => {
    openFinances('/finances?payment=success', {
      payments: { json: { payments: [payment({})] } },
    });
    const list = await screen.findByRole('region', { name: 'Payments made here' });
    const notice = await within(list).findByText(
      'Waiting for confirmation from the payment provider.',
      { selector: '.payment-notice' },
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(document.body).not.toHaveTextContent(/Payment received/);
  });

  it('a confirmed payment shows "Payment received: $250.00 on <day>. Your balance updates when the student accounts office posts it." with its reference', async () => {
    openFinances('/finances', {
      payments: {
        json: {
          payments: [
            payment({
              state: 'received',
              reference: 'TPG1A2B3C',
              received_at: '2026-12-03T10:05:00.000Z',
            }),
          ],
        },
      },
    });
    const list = await screen.findByRole('region', { name: 'Payments made here' });
    expect(
      await within(list).findByText(
        'Payment received: $250.00 on Dec 3, 2026. Your balance updates when the student accounts office posts it.',
      ),
    ).toBeVisible();
    expect(within(list).getByText('Provider reference: TPG1A2B3C')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Pay your bill online' })).toBeNull();
  });

  it('another amount that cannot be paid is told in words, nothing is sent, and what was typed stays', async () => {
    const api = openFinances('/finances', { payments: { json: { payments: [] } } });
    const form = await screen.findByRole('region', { name: 'Pay your bill' });
    const amount = within(form).getByLabelText(/Amount in dollars/);
    fireEvent.change(amount, { target: { value: '999999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/Enter no more than \$/);
    expect(amount).toHaveValue('999999');
    expect(within(form).getByRole('radio', { name: 'Another amount' })).toBeChecked();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('Pay sends the chosen amount and the refusal is shown, the form kept', async () => {
    const api = openFinances('/finances', {
      payments: { json: { payments: [] } },
      'POST payments': { status: 409, json: { detail: 'Your balance cannot be read just now.' } },
    });
    const form = await screen.findByRole('region', { name: 'Pay your bill' });
    fireEvent.change(within(form).getByLabelText(/Amount in dollars/), {
      target: { value: '250' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'The payment was not started: Your balance cannot be read just now.',
      ),
    );
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      choice: 'other',
      amount_cents: 25_000,
    });
  });

  it('support viewing as the student sees Pay disabled, saying why: read only', async () => {
    openFinances('/finances', { payments: { json: { payments: [] } } }, true);
    const form = await screen.findByRole('region', { name: 'Pay your bill' });
    expect(within(form).getByRole('button', { name: 'Pay' })).toBeDisabled();
    expectEachDisabledSaysReadOnly(form, 1);
  });
});
