import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { NotShared } from '../../../src/ui/portal/not-shared.js';
import { renderInRouter } from './in-router.js';

const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['next-steps' as const, 'finances' as const],
  ends_at: '2027-06-01T05:59:59.000Z',
};

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('a page not shared with the delegate (issue 88)', () => {
  it('other routes show a "not shared with you" screen, leading to the sections that are shared', async () => {
    await renderInRouter(() => <NotShared share={SHARE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not shared with you' })).toBeVisible();
    expect(
      screen.getByText('Ana Valencia has not shared this part of their record with you.'),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Finances', '/finances'],
      ['Next Steps', '/next-steps/'],
    ]);
  });

  it('says so in Spanish', async () => {
    await act(() => activateLocale('es'));
    await renderInRouter(() => <NotShared share={SHARE} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'No compartido con usted' }),
    ).toBeVisible();
    expect(
      screen.getByText('Ana Valencia no compartió con usted esta parte de su expediente.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finanzas' })).toHaveAttribute('href', '/finances');
  });
});
