import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseworkItem } from '../../../contract/coursework.schema.js';
import { CourseworkList } from '../../../src/ui/portal/coursework-list.js';

const item = (id: string, title: string, done: boolean): CourseworkItem => ({
  id,
  title,
  course: 'ENGL 101',
  due: '2030-10-30T06:59:00.000Z',
  all_day: false,
  link: null,
  source: 'canvas',
  current: true,
  done,
});

describe('coursework in Upcoming Tasks (issue 45)', () => {
  it('an item marked done in Next Steps says Done; one not done does not', () => {
    render(
      <CourseworkList
        items={[item('a', 'Essay 2', true), item('b', 'Quiz 4', false)]}
        timeZone="America/Los_Angeles"
      />,
    );
    const [essay, quiz] = screen.getAllByRole('listitem');
    expect(essay).toHaveTextContent('ENGL 101 · Canvas · Done');
    expect(quiz).not.toHaveTextContent('Done');
  });
});

describe('coursework lines in Upcoming Tasks laid out as the other items (issue 57)', () => {
  it('each line is a task’s: the title (the link back to the site) and its source under it on the left, the due time alone in the date column', () => {
    render(
      <CourseworkList
        items={[
          { ...item('a', 'Essay 2', false), link: 'https://canvas.example.edu/a/1' },
          { ...item('b', 'Reading', false), course: null, source: 'moodle', current: false },
        ]}
        timeZone="America/Los_Angeles"
      />,
    );
    const [essay, reading] = screen.getAllByRole('listitem');
    // Two children, as a task's line: what, then when.
    expect(essay?.children).toHaveLength(2);
    const [what, when] = Array.from(essay?.children ?? []);
    expect(when).toHaveClass('my-next-steps__when');
    expect(when).toHaveTextContent(/^Due Oct 29, 2030, 11:59 PM$/);
    expect(within(what as HTMLElement).getByRole('link', { name: /^Essay 2/ })).toHaveAttribute(
      'href',
      'https://canvas.example.edu/a/1',
    );
    expect(what).toHaveTextContent(/ENGL 101 · Canvas$/);
    expect(reading?.children).toHaveLength(2);
    expect(reading?.firstElementChild).toHaveTextContent(/^ReadingMoodle \(may have changed\)$/);
    expect(reading?.lastElementChild).toHaveTextContent(/^Due Oct 29, 2030, 11:59 PM$/);
  });
});

describe('a calendar event among the coursework (issue 62)', () => {
  it('shows its time without "Due"', () => {
    render(
      <CourseworkList
        items={[{ ...item('c', 'Midterm quiz opens', false), kind: 'event' }]}
        timeZone="America/Los_Angeles"
      />,
    );
    const opens = screen.getByRole('listitem');
    expect(opens.lastElementChild).toHaveTextContent(/^Oct 29, 2030, 11:59 PM$/);
    expect(opens).not.toHaveTextContent('Due');
  });
});
