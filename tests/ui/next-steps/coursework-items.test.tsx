import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseworkItem } from '../../../contract/coursework.schema.js';
import { courseworkDue, isCourseworkOverdue } from '../../../src/lib/coursework.js';
import { CourseworkItems } from '../../../src/ui/next-steps/coursework-items.js';

const ZONE = 'America/Los_Angeles';
const NOW = Date.parse('2030-11-01T12:00:00.000Z');

const item = (id: string, title: string, kind: 'deadline' | 'event'): CourseworkItem => ({
  id,
  title,
  course: 'BIO 110',
  due: '2030-10-30T16:00:00.000Z',
  all_day: false,
  link: 'https://moodle.campus.example.edu/calendar/view.php?view=upcoming',
  source: 'moodle',
  kind,
  current: true,
  done: false,
});

function renderItems(items: CourseworkItem[]) {
  render(
    <CourseworkItems
      items={items}
      brokenSource={null}
      dueLabel={(i) => courseworkDue(i, ZONE)}
      isOverdue={(i) => isCourseworkOverdue(i, NOW)}
      emptyText={null}
      savingId={null}
      failedId={null}
      onSetDone={() => undefined}
    />,
  );
}

describe('coursework events in the Next Steps list (issue 62)', () => {
  it('a Moodle "… opens" event shows its time, never "Due", OVERDUE or Mark done', () => {
    renderItems([item('a@x', 'Midterm quiz opens', 'event')]);
    const [opens] = screen.getAllByRole('listitem');
    expect(opens).toHaveTextContent('Oct 30, 2030, 9:00 AM');
    expect(opens).not.toHaveTextContent('Due');
    expect(opens).not.toHaveTextContent('OVERDUE');
    expect(screen.queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in Moodle/ })).toHaveAttribute(
      'href',
      'https://moodle.campus.example.edu/calendar/view.php?view=upcoming',
    );
  });

  it('a deadline past due keeps OVERDUE and Mark done', () => {
    renderItems([item('b@x', 'Midterm quiz closes', 'deadline')]);
    expect(screen.getByText('OVERDUE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark done/ })).toBeInTheDocument();
  });
});

describe('coursework items in their records’ language (issue 76)', () => {
  it('the LMS’s title and course are marked lang="en", also inside the link’s and button’s hidden names', () => {
    renderItems([item('c@x', 'Lab report', 'deadline')]);
    const titles = screen.getAllByText('Lab report');
    expect(titles).toHaveLength(3); // shown, in the link's hidden name, in Mark done's
    for (const title of titles) expect(title).toHaveAttribute('lang', 'en');
    expect(screen.getByText('BIO 110')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: 'Mark done: Lab report' })).not.toHaveAttribute(
      'lang',
    );
  });
});
