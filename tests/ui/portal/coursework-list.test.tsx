import { render, screen } from '@testing-library/react';
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
    expect(essay).toHaveTextContent('Essay 2 · ENGL 101 Due Oct 29, 2030, 11:59 PM · Done');
    expect(quiz).not.toHaveTextContent('Done');
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
    const [opens] = screen.getAllByRole('listitem');
    expect(opens).toHaveTextContent('Midterm quiz opens · ENGL 101 Oct 29, 2030, 11:59 PM');
    expect(opens).not.toHaveTextContent('Due');
  });
});
