import type { EmergencyAlert } from '../../../contract/alerts.schema.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HOLD_BANNER_TEXT, NUDGE_BANNER_TEXT, bannerLines } from '../../../src/lib/banner-rules.js';
import { inbox, unreadFirst } from '../../../src/lib/messages.js';
import { EmergencyAlerts } from '../../../src/ui/portal/emergency-alerts.js';
import { MessageBanner } from '../../../src/ui/portal/message-banner.js';
import { MessageBell } from '../../../src/ui/portal/message-bell.js';
import { MessagesPage } from '../../../src/ui/portal/messages-page.js';
import type { MessagesPageProps } from '../../../src/ui/portal/messages-page.js';
import { message, nudge } from '../../lib/message-fixtures.js';
import { renderInRouter } from './in-router.js';

describe('MessageBell', () => {
  it('names the unread count: "Messages, 3 unread", and links to /messages', async () => {
    await renderInRouter(() => <MessageBell unread={3} />);
    const bell = screen.getByRole('link', { name: 'Messages, 3 unread' });
    expect(bell).toHaveAttribute('href', '/messages');
  });

  it('with nothing unread it is simply "Messages"', async () => {
    await renderInRouter(() => <MessageBell unread={0} />);
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('MessageBanner', () => {
  it('shows the hold, nudge and message lines, each dismissed by its own button', async () => {
    const lines = bannerLines({
      messages: inbox(
        [message(1, { title: 'Registration opens', action_link: '/academics' })],
        [nudge(2)],
      ),
      holdCount: 1,
    });
    const onDismiss = vi.fn();
    await renderInRouter(() => <MessageBanner lines={lines} onDismiss={onDismiss} />);
    const region = screen.getByRole('region', { name: 'Messages for you' });
    expect(region).toHaveTextContent(HOLD_BANNER_TEXT);
    expect(region).toHaveTextContent(NUDGE_BANNER_TEXT);
    // The third line is folded behind "Show 1 more" until asked for.
    expect(screen.queryByRole('link', { name: 'Open link: Registration opens' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(screen.getByRole('link', { name: 'Open link: Registration opens' })).toHaveAttribute(
      'href',
      '/academics',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Registration opens' }));
    expect(onDismiss).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'message', key: 'message-1' }),
    );
  });

  it('folds the lines beyond the first two behind "Show N more", every one still reachable and dismissible', async () => {
    const lines = bannerLines({
      messages: inbox(
        [1, 2, 3, 4, 5].map((n) => message(n, { title: `Note ${n}` })),
        [nudge(9)],
      ),
      holdCount: 1,
    });
    const onDismiss = vi.fn();
    await renderInRouter(() => <MessageBanner lines={lines} onDismiss={onDismiss} />);
    expect(screen.getAllByRole('button', { name: /^Dismiss:/ })).toHaveLength(2);
    const more = screen.getByRole('button', { name: 'Show 5 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getAllByRole('button', { name: /^Dismiss:/ })).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Note 5' }));
    expect(onDismiss).toHaveBeenCalledWith(expect.objectContaining({ key: 'message-5' }));
  });

  it('after a line is dismissed, focus moves to the next line, or to the banner heading after the last', async () => {
    const all = bannerLines({
      messages: inbox([message(1, { title: 'First' }), message(2, { title: 'Second' })], []),
      holdCount: 0,
    });
    function Owner() {
      const [lines, setLines] = useState(all);
      return (
        <MessageBanner
          lines={lines}
          onDismiss={(gone) => setLines((now) => now.filter((l) => l.key !== gone.key))}
        />
      );
    }
    await renderInRouter(() => <Owner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: First' }));
    expect(document.activeElement).toHaveTextContent('Second');
    expect(document.activeElement?.tagName).toBe('LI');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Second' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Messages for you' }));
    expect(screen.getByText('Nothing more for you here.')).toBeInTheDocument();
  });

  it('renders nothing without lines', async () => {
    const { container } = await renderInRouter(() => (
      <MessageBanner lines={[]} onDismiss={() => {}} />
    ));
    expect(container.querySelector('.message-banner')).toBeNull();
  });
});

describe('EmergencyAlerts', () => {
  const shelter: EmergencyAlert = {
    id: 'aaaaaaaaaaaaaaaa',
    title: 'Shelter in place',
    description: 'Stay indoors. Updates at https://safety.campus.example.edu/now',
    pubDate: '2026-11-21T11:00:00.000Z',
    severity: 'emergency',
    read: false,
  };
  const props = {
    unchecked: false,
    safetyPhone: '+15035550123',
    safetyPhoneLabel: '(503) 555-0123',
    formatDate: () => 'Nov 21, 2026, 3:00 AM',
    onRead: () => {},
  };

  it('announces each unread alert with role="alert" and marks it read on request', () => {
    const onRead = vi.fn();
    render(<EmergencyAlerts {...props} alerts={[shelter]} onRead={onRead} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Emergency alert: Shelter in place');
    fireEvent.click(screen.getByRole('button', { name: 'Mark read: Shelter in place' }));
    expect(onRead).toHaveBeenCalledWith('aaaaaaaaaaaaaaaa');
  });

  it("keeps an alert's http(s) address a link", () => {
    render(<EmergencyAlerts {...props} alerts={[shelter]} />);
    return screen
      .findByRole('link', { name: 'https://safety.campus.example.edu/now' })
      .then((link) => {
        expect(link).toHaveAttribute('href', 'https://safety.campus.example.edu/now');
      });
  });

  it('a long address wraps between its parts: break chances after "//" and before "/" and ".", none inside a word (issue 43)', async () => {
    render(<EmergencyAlerts {...props} alerts={[shelter]} />);
    const link = await screen.findByRole('link', { name: 'https://safety.campus.example.edu/now' });
    const pieces = [...link.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent);
    expect(pieces).toEqual(['https://', 'safety', '.campus', '.example', '.edu', '/now']);
    expect(link.querySelectorAll('wbr')).toHaveLength(5);
  });

  it('an all-clear is labelled and styled as an all-clear, not as a threat', () => {
    const clear = {
      ...shelter,
      title: 'Police activity has ended',
      severity: 'all-clear' as const,
    };
    const { container } = render(<EmergencyAlerts {...props} alerts={[clear]} />);
    expect(screen.getByRole('status')).toHaveTextContent('All clear: Police activity has ended');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('.emergency-alert--all-clear')).not.toBeNull();
    expect(container.querySelector('.emergency-alert--emergency')).toBeNull();
  });

  it('several live alerts: the newest in full, the others folded under "2 more alerts", each still with its own Mark read', () => {
    const older = (n: number): EmergencyAlert => ({
      ...shelter,
      id: `bbbbbbbbbbbbbbb${n}`,
      title: `Road closed ${n}`,
      severity: 'advisory',
    });
    const { container } = render(
      <EmergencyAlerts {...props} alerts={[shelter, older(1), older(2)]} />,
    );
    const fold = container.querySelector('details.emergency-alerts__more');
    expect(fold).not.toBeNull();
    expect(fold).not.toHaveAttribute('open');
    expect(fold?.querySelector('summary')).toHaveTextContent('2 more alerts');
    expect(fold?.querySelectorAll('.emergency-alert')).toHaveLength(2);
    expect(container.querySelector('.emergency-alerts > .emergency-alert')).toHaveTextContent(
      'Shelter in place',
    );
    expect(screen.getAllByRole('button', { name: /^Mark read: / })).toHaveLength(3);
  });

  it('one alert has no fold', () => {
    const { container } = render(<EmergencyAlerts {...props} alerts={[shelter]} />);
    expect(container.querySelector('details')).toBeNull();
  });

  it('a title that starts with its own label is not labelled twice: "All clear: gas leak resolved"', () => {
    const clear = {
      ...shelter,
      title: 'ALL CLEAR: gas leak resolved',
      severity: 'all-clear' as const,
    };
    render(<EmergencyAlerts {...props} alerts={[clear]} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^All clear: gas leak resolved/);
    expect(screen.getByRole('status')).not.toHaveTextContent(/clear: ALL CLEAR/i);
  });

  it('when alerts could not be checked it says so, with the campus safety phone to call', () => {
    render(<EmergencyAlerts {...props} alerts={[]} unchecked />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Emergency alerts could not be checked right now.',
    );
    expect(screen.getByRole('link', { name: '(503) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+15035550123',
    );
  });
});

describe('MessagesPage', () => {
  const base: MessagesPageProps = {
    status: 'loaded',
    unread: [],
    read: [],
    formatDate: () => 'Nov 1, 2026',
    onRead: () => {},
    onReadAll: () => {},
    onRetry: () => {},
  };

  it('lists unread messages first, then read ones, with mark one and mark all read', () => {
    const { unread, read } = unreadFirst(
      inbox([message(1, { read: true }), message(2)], [nudge(3)]),
    );
    const onRead = vi.fn();
    const onReadAll = vi.fn();
    render(
      <MessagesPage {...base} unread={unread} read={read} onRead={onRead} onReadAll={onReadAll} />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Unread', 'Read']);
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark read: Message 2' }));
    expect(onRead).toHaveBeenCalledWith('message-2');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(onReadAll).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Mark read: Message 1' })).toBeNull();
  });

  it('a message a department published says whom it is from (issue 60)', () => {
    const { unread } = unreadFirst(inbox([message(4, { from: 'Financial Aid' }), message(5)], []));
    render(<MessagesPage {...base} unread={unread} />);
    expect(screen.getByText(/From Financial Aid ·/)).toBeInTheDocument();
    expect(screen.getAllByText(/^From /)).toHaveLength(1);
  });

  it('a publisher’s message says the language of its title and body (issue 60): English shown to a Spanish reader is marked lang="en", its Spanish text lang="es"; the portal’s own has none', () => {
    const { unread } = unreadFirst(
      inbox(
        [
          message(6, { title: 'Your refund is ready', body: 'It is on its way.', lang: 'en' }),
          message(7, { title: 'Su reembolso está listo', body: 'Ya va en camino.', lang: 'es' }),
          message(8, { title: 'Portal news' }),
        ],
        [],
      ),
    );
    render(<MessagesPage {...base} unread={unread} />);
    expect(screen.getByRole('heading', { name: 'Your refund is ready' })).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.getByText('It is on its way.')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { name: 'Su reembolso está listo' })).toHaveAttribute(
      'lang',
      'es',
    );
    expect(screen.getByRole('heading', { name: 'Portal news' })).not.toHaveAttribute('lang');
  });

  it('shows loading, "Error retrieving info" with a retry, and an empty text', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<MessagesPage {...base} status="loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    rerender(<MessagesPage {...base} status="error" onRetry={onRetry} />);
    expect(screen.getByText('Error retrieving info')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(<MessagesPage {...base} status="empty" />);
    expect(screen.getByText('You have no messages.')).toBeInTheDocument();
  });
});

describe('a message action link the link rule refuses shows no "Open"', () => {
  it.each([
    '/\\evil.example/msg',
    '\\\\evil.example',
    '/\t/evil.example',
    '//evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    ' http://ok.example',
  ])('%j', async (link) => {
    const lines = bannerLines({
      messages: inbox([message(1, { title: 'Hostile', action_link: link })], []),
      holdCount: 0,
    });
    await renderInRouter(() => <MessageBanner lines={lines} onDismiss={vi.fn()} />);
    expect(screen.queryByRole('link', { name: /^Open link: Hostile/ })).toBeNull();
  });

  it('a same-origin path and an https address still open', async () => {
    const lines = bannerLines({
      messages: inbox(
        [
          message(1, { title: 'Inside', action_link: '/account#holds' }),
          message(2, { title: 'Outside', action_link: 'https://www.campus.example.edu/x' }),
        ],
        [],
      ),
      holdCount: 0,
    });
    await renderInRouter(() => <MessageBanner lines={lines} onDismiss={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Open link: Inside' })).toHaveAttribute(
      'href',
      '/account#holds',
    );
    expect(
      screen.getByRole('link', { name: 'Open link: Outside (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://www.campus.example.edu/x');
  });
});
