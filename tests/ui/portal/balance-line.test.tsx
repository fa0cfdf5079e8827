import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { BalanceLine } from '../../../src/ui/portal/balance-line.js';
import { renderInRouter } from './in-router.js';

describe("the dashboard's balance line (issue 89)", () => {
  afterEach(async () => act(() => activateLocale('en')));

  it('offers Pay, a link to the Finances Pay form, where a provider is configured and an amount is due', async () => {
    await renderInRouter(() => <BalanceLine status="loaded" amountDue={250} payable />);
    expect(screen.getByText('Amount due: $250.00')).toBeVisible();
    // The link's words past "Pay" are for screen readers (jsdom joins the hidden span without its space).
    const pay = screen.getByRole('link', { name: /^Pay ?your bill$/ });
    expect(pay).toHaveAttribute('href', '/finances#pay');
    expect(screen.getByRole('link', { name: /^View more ?about your finances$/ })).toHaveAttribute(
      'href',
      '/finances',
    );
  });

  it('no Pay for support viewing as the student: the amount due alone', async () => {
    await renderInRouter(() => <BalanceLine status="loaded" amountDue={250} payable={false} />);
    expect(screen.getByText('Amount due: $250.00')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('no Pay when nothing is due, a credit included, nor while loading or when the read failed', async () => {
    const { unmount } = await renderInRouter(() => (
      <BalanceLine status="loaded" amountDue={-20} payable />
    ));
    expect(screen.getByText('No amount due')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    unmount();
    const failed = await renderInRouter(() => (
      <BalanceLine status="error" amountDue={null} payable />
    ));
    expect(screen.getByText('Balance not available at this time')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    failed.unmount();
    await renderInRouter(() => <BalanceLine status="loading" amountDue={null} payable />);
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('in Spanish: "Monto a pagar" and "Pagar su factura"', async () => {
    await act(() => activateLocale('es'));
    await renderInRouter(() => <BalanceLine status="loaded" amountDue={1620.5} payable />);
    expect(screen.getByText('Monto a pagar: $1,620.50')).toBeVisible();
    expect(screen.getByRole('link', { name: /^Pagar ?su factura$/ })).toHaveAttribute(
      'href',
      '/finances#pay',
    );
  });
});
