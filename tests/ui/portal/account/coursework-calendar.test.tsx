import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../src/lib/i18n.js';
import type { Coursework, CourseworkSource } from '../../../../contract/coursework.schema.js';
import { CourseworkCalendar } from '../../../../src/ui/portal/account/coursework-calendar.js';
import type { CourseworkCalendarProps } from '../../../../src/ui/portal/account/coursework-calendar.js';
import { CourseworkList } from '../../../../src/ui/portal/coursework-list.js';

const connected = (
  status: 'current' | 'stale' | 'broken',
  source: CourseworkSource = 'canvas',
): Coursework => ({
  feed: {
    state: 'connected',
    masked: 'https://canvas.campus.example.edu/…z987',
    source,
    status,
    read_at: '2026-10-25T12:00:00.000Z',
  },
  items: [],
});

const props = (over: Partial<CourseworkCalendarProps> = {}): CourseworkCalendarProps => ({
  status: 'notConnected',
  coursework: { feed: { state: 'none' }, items: [] },
  problem: null,
  readOnly: null,
  onRetry: vi.fn(),
  onAdd: vi.fn(),
  onRemove: vi.fn(),
  onRefresh: vi.fn(),
  onConnectCanvas: vi.fn(),
  ...over,
});

/** The student's Canvas connected through the Planner API (the campus has Canvas set up). */
const canvasConnection = (status: 'current' | 'stale' | 'broken'): Coursework => ({
  canvas_available: true,
  feed: {
    state: 'connected',
    kind: 'canvas',
    masked: 'canvas.campus.example.edu',
    source: 'canvas',
    status,
    read_at: '2026-10-25T12:00:00.000Z',
  },
  items: [],
});

describe('Account’s Coursework calendar', () => {
  it('not connected: a field labelled "Calendar feed address" and an Add button that sends what was pasted', () => {
    const onAdd = vi.fn();
    render(<CourseworkCalendar {...props({ onAdd })} />);
    expect(screen.getByRole('region', { name: 'Coursework calendar' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Calendar feed address' });
    fireEvent.change(field, { target: { value: 'https://canvas.campus.example.edu/x.ics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith('https://canvas.campus.example.edu/x.ics');
  });

  describe('Refresh now reads at most once a minute', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('held until refresh_after, saying when, and offered again by itself once it passes', () => {
      vi.useFakeTimers({ now: new Date('2026-10-25T12:00:10.000Z') });
      const coursework = connected('current');
      if (coursework.feed.state !== 'connected') throw new Error('connected');
      coursework.feed.refresh_after = '2026-10-25T12:01:00.000Z';
      render(<CourseworkCalendar {...props({ status: 'current', coursework })} />);
      const refresh = screen.getByRole('button', { name: 'Refresh now' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAccessibleDescription(/^Just read\. You can refresh again at .+\.$/);
      act(() => {
        vi.advanceTimersByTime(51_000);
      });
      expect(screen.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
      expect(screen.queryByText(/You can refresh again/)).toBeNull();
    });
  });

  it('connected: the address masked, with Remove and Refresh now', () => {
    render(
      <CourseworkCalendar {...props({ status: 'current', coursework: connected('current') })} />,
    );
    expect(screen.getByText('https://canvas.campus.example.edu/…z987')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
  });

  it.each([
    ['canvas', 'Your Canvas calendar link stopped working — paste the new one'],
    ['moodle', 'Your Moodle calendar link stopped working — paste the new one'],
    ['other', 'Your course site calendar link stopped working — paste the new one'],
  ] as const)(
    'broken (%s): says so in the LMS’s name and asks for the new link',
    (source, words) => {
      render(
        <CourseworkCalendar
          {...props({ status: 'broken', coursework: connected('broken', source) })}
        />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent(words);
      expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toBeInTheDocument();
    },
  );

  it('where the campus has Canvas set up, not connected offers Connect Canvas beside the paste field', () => {
    const onConnectCanvas = vi.fn();
    const { rerender } = render(<CourseworkCalendar {...props({ onConnectCanvas })} />);
    expect(screen.queryByRole('button', { name: 'Connect Canvas' })).toBeNull();
    rerender(
      <CourseworkCalendar
        {...props({
          onConnectCanvas,
          coursework: { feed: { state: 'none' }, canvas_available: true, items: [] },
        })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect Canvas' }));
    expect(onConnectCanvas).toHaveBeenCalledOnce();
    expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toBeInTheDocument();
  });

  it('a Canvas connection shows the Canvas site, Disconnect and Refresh now; broken, it asks to connect again', () => {
    const onConnectCanvas = vi.fn();
    const { rerender } = render(
      <CourseworkCalendar
        {...props({ status: 'current', coursework: canvasConnection('current'), onConnectCanvas })}
      />,
    );
    expect(screen.getByText('Connected to Canvas at')).toBeInTheDocument();
    expect(screen.getByText('canvas.campus.example.edu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    rerender(
      <CourseworkCalendar
        {...props({ status: 'broken', coursework: canvasConnection('broken'), onConnectCanvas })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your Canvas connection stopped working — connect Canvas again',
    );
    expect(screen.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Canvas again' }));
    expect(onConnectCanvas).toHaveBeenCalledOnce();
  });

  it.each([
    ['refused', 'Canvas was not connected: access was not allowed, or the request expired.'],
    ['failed', 'Canvas could not be connected just now.'],
  ] as const)('back from Canvas (%s), it says how connecting went', (outcome, words) => {
    render(
      <CourseworkCalendar
        {...props({
          canvasOutcome: outcome,
          coursework: { feed: { state: 'none' }, canvas_available: true, items: [] },
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(words);
  });

  it('a refused paste shows the server’s reason, tied to the field', () => {
    render(
      <CourseworkCalendar
        {...props({ problem: 'The calendar feed address must start with https://.' })}
      />,
    );
    expect(
      screen.getByRole('textbox', { name: 'Calendar feed address' }),
    ).toHaveAccessibleDescription('The calendar feed address must start with https://.');
  });

  it('the coursework "Calendar feed address" errors mark the field invalid as the text-number field does', () => {
    const { rerender } = render(<CourseworkCalendar {...props()} />);
    const field = screen.getByRole('textbox', { name: 'Calendar feed address' });
    expect(field).not.toHaveAttribute('aria-invalid');
    rerender(
      <CourseworkCalendar
        {...props({ problem: 'The calendar feed address must start with https://.' })}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('coursework items beside the checklist', () => {
  it.each([
    ['canvas', 'Canvas'],
    ['moodle', 'Moodle'],
    ['other', 'course site'],
  ] as const)('link back in the LMS’s name (%s)', (source, site) => {
    render(
      <CourseworkList
        items={[
          {
            id: 'a@1',
            title: 'Essay 2',
            course: 'ENGL 101',
            due: '2026-10-30T06:59:00.000Z',
            all_day: false,
            link: 'https://lms.campus.example.edu/a',
            source,
            current: false,
            done: false,
          },
        ]}
        timeZone="America/Los_Angeles"
      />,
    );
    // The title is the link, as a task's is (issue 57), and it says where it opens.
    expect(
      screen.getByRole('link', {
        name: new RegExp(`^Essay 2\\s*\\(opens ${site} in a new tab\\)$`),
      }),
    ).toHaveAttribute('href', 'https://lms.campus.example.edu/a');
    expect(screen.getByText(/\(may have changed\)/)).toBeInTheDocument();
  });
});

describe('Account’s Coursework calendar offline (issue 44)', () => {
  it('holds Add, Refresh now and Remove while offline, saying why', () => {
    const onAdd = vi.fn();
    const { rerender } = render(<CourseworkCalendar {...props({ onAdd, readOnly: 'offline' })} />);
    expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You’re offline: changes can be saved again once you’re back online.',
    );
    rerender(
      <CourseworkCalendar
        {...props({ status: 'current', coursework: connected('current'), readOnly: 'offline' })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    rerender(
      <CourseworkCalendar
        {...props({ status: 'current', coursework: connected('current'), readOnly: null })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
  });
});

describe('Account’s Coursework calendar in Spanish (issue 59)', () => {
  afterEach(() => activateLocale('en'));
  const item = (id: string) => ({
    id,
    title: 'Essay',
    course: 'ENGL 101',
    due: '2026-10-30T06:59:00.000Z',
    all_day: false,
    link: null,
    source: 'canvas' as const,
    current: false,
    done: false,
  });

  it('counts the upcoming items with a plural: "1 próxima actividad…", "3 próximas actividades…"', async () => {
    await act(() => activateLocale('es'));
    const current = (items: string[], coursework: Coursework) => (
      <CourseworkCalendar
        {...props({ status: 'current', coursework: { ...coursework, items: items.map(item) } })}
      />
    );
    const { rerender } = render(current(['a'], connected('current')));
    expect(screen.getByRole('status')).toHaveTextContent('1 próxima actividad de su calendario.');
    rerender(current(['a', 'b', 'c'], canvasConnection('current')));
    expect(screen.getByRole('status')).toHaveTextContent('3 próximas actividades de Canvas.');
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
  });
});
