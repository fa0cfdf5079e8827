import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import { DelegateBar } from '../../src/ui/delegate-bar.js';

const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['messages', 'finances'] as const,
  // The last moment of 31 May on the campus clock (America/Denver).
  ends_at: '2027-06-01T05:59:59.000Z',
};

function drawn() {
  render(
    <>
      <DelegateBar
        share={{ ...SHARE, categories: [...SHARE.categories] }}
        timeZone="America/Denver"
      />
      <main>
        <h1>Finances</h1>
      </main>
    </>,
  );
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the delegate bar (issue 88)', () => {
  it('says "Ana Valencia shared Finances and holds with you until May 31, 2027" first on the page, the date on the campus clock', () => {
    drawn();
    const bar = screen.getByRole('region', { name: 'Shared with you' });
    expect(bar).toHaveTextContent(
      'Ana Valencia shared Finances and holds, The university’s messages with you until May 31, 2027',
    );
    expect(within(bar).getByText('Ana Valencia').tagName).toBe('STRONG');
    // First in the page's order, so first in keyboard order.
    expect(document.body.firstElementChild?.firstElementChild).toBe(bar);
  });

  it('signs the delegate out by a form posting to the end of their session, which works before the scripts', () => {
    drawn();
    const button = screen.getByRole('button', { name: 'Sign out' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/auth/delegate/logout');
  });

  it('speaks the page’s language: Spanish, with “retenciones” for holds and the Spanish date', async () => {
    await act(() => activateLocale('es'));
    drawn();
    const bar = screen.getByRole('region', { name: 'Compartido con usted' });
    expect(bar).toHaveTextContent(
      /^Ana Valencia compartió Finanzas y retenciones, Los mensajes de la universidad con usted hasta el 31 may 2027/,
    );
    expect(within(bar).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });
});
