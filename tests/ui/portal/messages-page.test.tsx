import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import type { InboxMessage } from '../../../src/lib/messages.js';
import { formatCampusDate } from '../../../src/lib/time.js';
import { MessagesPage } from '../../../src/ui/portal/messages-page.js';

afterEach(() => activateLocale('en'));

const message = (pk: number, over: Partial<InboxMessage> = {}): InboxMessage => ({
  pk,
  title: `Message ${pk}`,
  body: 'Body',
  read: false,
  user_read_on: null,
  created_on: '2026-11-26T18:00:00.000Z',
  action_link: null,
  display_as_banner: false,
  is_nudge: false,
  app_message: false,
  category: 'general',
  expires_on: null,
  key: `message-${pk}`,
  nudge_type: null,
  ...over,
});

const page = (unread: InboxMessage[]) => (
  <MessagesPage
    status="loaded"
    unread={unread}
    read={[]}
    formatDate={(iso) => formatCampusDate(iso, 'America/Los_Angeles')}
    onRead={vi.fn()}
    onReadAll={vi.fn()}
    onRetry={vi.fn()}
  />
);

describe('Messages in Spanish (issue 59)', () => {
  it('counts the unread messages with a plural: "1 sin leer", "2 sin leer"', async () => {
    await act(() => activateLocale('es'));
    const { rerender } = render(page([message(1)]));
    expect(screen.getByRole('status')).toHaveTextContent('1 sin leer');
    rerender(page([message(1), message(2)]));
    expect(screen.getByRole('status')).toHaveTextContent('2 sin leer');
    expect(screen.getByRole('button', { name: 'Marcar todos como leídos' })).toBeInTheDocument();
  });

  it('says who sent a message and when in es-US ("De Registrar · 26 nov 2026"), and names Mark read by its title', async () => {
    await act(() => activateLocale('es'));
    render(page([message(1, { from: 'Registrar', is_nudge: true })]));
    expect(screen.getByText(/^De Registrar ·/)).toHaveTextContent(
      'De Registrar · 26 nov 2026 · Confirme o actualice',
    );
    expect(
      screen.getByRole('button', { name: 'Marcar como leída: Message 1' }),
    ).toBeInTheDocument();
  });

  it('keeps English byte for byte: "From Registrar · Nov 26, 2026" and "2 unread"', () => {
    render(page([message(1, { from: 'Registrar' }), message(2)]));
    expect(screen.getByText(/^From Registrar ·/)).toHaveTextContent(
      'From Registrar · Nov 26, 2026',
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 unread');
  });
});

describe('English inside a Spanish message (issue 87)', () => {
  it('WCAG 3.1.2: a hold named only in English sits in a lang="en" span of the Spanish title; a translated one has none', async () => {
    await act(() => activateLocale('es'));
    render(
      page([
        message(1, {
          title: 'Se agregó una retención: Accounts Receivable Hold',
          body: 'Cambios en su expediente',
          lang: 'es',
          english: ['Accounts Receivable Hold'],
        }),
        message(2, {
          title: 'Se agregó una retención: Retención de asesoría',
          body: 'Cambios en su expediente',
          lang: 'es',
        }),
      ]),
    );
    const english = screen.getByRole('heading', {
      name: 'Se agregó una retención: Accounts Receivable Hold',
    });
    expect(english).toHaveAttribute('lang', 'es');
    const part = english.querySelector('span[lang="en"]');
    expect(part).toHaveTextContent(/^Accounts Receivable Hold$/);
    const translated = screen.getByRole('heading', {
      name: 'Se agregó una retención: Retención de asesoría',
    });
    expect(translated.querySelector('[lang="en"]')).toBeNull();
  });

  it('a burst’s lines mark each English name in the body, and only the name', async () => {
    await act(() => activateLocale('es'));
    render(
      page([
        message(1, {
          title: 'Cambios en su expediente',
          body: '6 cambios en su expediente:\n- Se agregó una retención: Library Hold\n- Quedó inscrito en Historia',
          lang: 'es',
          english: ['Library Hold'],
        }),
      ]),
    );
    const parts = [...document.querySelectorAll('.message__body span[lang="en"]')];
    expect(parts.map((p) => p.textContent)).toEqual(['Library Hold']);
  });
});
