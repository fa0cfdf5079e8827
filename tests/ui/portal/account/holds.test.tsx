import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
