import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { payErrorOf } from '../../../src/pages/portal/finances/pay-section.js';
import { PAY_FORM_ACTION, PayForm } from '../../../src/ui/portal/finances/pay-form.js';

const props = {
  dueCents: 25_000,
  balanceCents: 162_050,
  minimumCents: 100,
  maximumCents: 9_999_999,
  busy: false,
  blocked: null,
  onPay: () => undefined,
};

describe('Pay without scripts (issue 89)', () => {
  it('the Pay form posts itself, form-encoded, to the server with the session’s CSRF token, the choice and the amount', () => {
    const { container } = render(<PayForm {...props} problem={null} csrf="token-1" />);
    const form = container.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(PAY_FORM_ACTION);
    expect(PAY_FORM_ACTION).toBe('/payments/pay');
    const data = new FormData(form ?? undefined);
    expect(data.get('csrf')).toBe('token-1');
    expect(data.get('choice')).toBe('due');
    expect(data.get('amount')).toBe('');
  });

  it("the server's reason for paying nothing, read back from /finances?pay_error=…, is told as the form tells a problem", () => {
    expect(payErrorOf({ pay_error: 'above-balance' })).toEqual({
      kind: 'amount',
      problem: 'above-balance',
    });
    expect(payErrorOf({ pay_error: 'not-an-amount' })).toEqual({
      kind: 'amount',
      problem: 'format',
    });
    expect(payErrorOf({ pay_error: 'expired' })).toEqual({ kind: 'failed' });
    expect(payErrorOf({ pay_error: 'anything else' })).toBeNull();
    expect(payErrorOf({})).toBeNull();
    render(<PayForm {...props} problem={payErrorOf({ pay_error: 'below-minimum' })} csrf={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter at least $1.00.');
  });
});
