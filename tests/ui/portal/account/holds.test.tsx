import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../../src/lib/i18n.js';
import type { Hold } from '../../../../contract/sis/holds.schema.js';
import { HoldsList } from '../../../../src/ui/portal/account/holds.js';

const hold = (to: string): Hold => ({
  HOLD: 'RH',
  HOLDDESCRIPTION: 'Registration Hold',
  HOLDAMOUNT: 250,
  HOLDFROMDATE: '2026-10-15',
  HOLDTODATE: to,
  HOLDORIGINATINGOFFICE: 'SFS',
  HOLDORIGINATINGOFFICEDESCRIPTION: 'Student Financial Services',
  HOLDRELEASEINDICATOR: 'N',
  PROCESSAFFECTED: ['Registration'],
  REASON: null,
  STUDENTID: '900000001',
});

afterEach(() => activateLocale('en'));

describe('the holds list', () => {
  it('says "No end date" for a hold without a real end date, not Dec 31, 2099', () => {
    render(<HoldsList holds={[hold('2099-12-31')]} />);
    expect(screen.getByText('No end date')).toBeInTheDocument();
    expect(screen.queryByText(/2099/)).toBeNull();
  });

  it('shows the end date of a hold that has one', () => {
    render(<HoldsList holds={[hold('2026-12-11')]} />);
    expect(screen.getByText('Dec 11, 2026')).toBeInTheDocument();
  });

  it('in Spanish, writes the amount as $1,250.00, the dates in es-US and a placeholder end as "Sin fecha de finalización"', async () => {
    await act(() => activateLocale('es'));
    render(<HoldsList holds={[{ ...hold('2099-12-31'), HOLDAMOUNT: 1250 }]} />);
    expect(screen.getByText('Monto').nextElementSibling).toHaveTextContent('$1,250.00');
    expect(screen.getByText('Desde').nextElementSibling).toHaveTextContent('15 oct 2026');
    expect(screen.getByText('Sin fecha de finalización')).toBeInTheDocument();
    expect(screen.getByText('Motivo').nextElementSibling).toHaveTextContent('No indicado');
    // The SIS's words are marked English where the campus gives no Spanish name (issue 76).
    expect(screen.getByRole('heading', { name: 'Registration Hold' })).toContainElement(
      screen.getByText('Registration Hold'),
    );
    expect(screen.getByText('Registration Hold')).toHaveAttribute('lang', 'en');
  });
});
