import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyNextSteps } from '../../../src/ui/portal/my-next-steps.js';

const task = (id: number) => ({
  id,
  task_id: 10 + id,
  title: `Task ${id}`,
  ends_on: null,
  ends_on_day: null,
  has_deadline: false,
  starred: false,
  completed_on: null,
  does_not_apply_on: null,
  do_now_on: null,
  overdue: id === 1,
});

describe('the My Next Steps block', () => {
  it('has the heading "Upcoming Tasks", the tasks and a link to Next Steps', () => {
    render(
      <MyNextSteps state="loaded" tasks={[task(1), task(2), task(3)]} dueLabel={() => null} />,
    );
    expect(screen.getByRole('heading', { name: 'Upcoming Tasks' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Task 2' })).toHaveAttribute(
      'href',
      '/next-steps/task/12',
    );
    expect(screen.getByText('OVERDUE', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all in Next Steps' })).toHaveAttribute(
      'href',
      '/next-steps/',
    );
  });

  it('with no tasks shows an explanatory text and "Find out more"', () => {
    render(<MyNextSteps state="loaded" tasks={[]} dueLabel={() => null} />);
    expect(screen.getByText(/no upcoming tasks/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find out more' })).toHaveAttribute(
      'href',
      '/next-steps/',
    );
  });

  it('with no tasks but coursework listed below, never says "You have no upcoming tasks right now" (issue 62)', () => {
    render(
      <MyNextSteps
        state="loaded"
        tasks={[]}
        dueLabel={() => null}
        coursework={<p>Essay 3 · ENGL 101</p>}
      />,
    );
    expect(screen.queryByText(/no upcoming tasks/)).not.toBeInTheDocument();
    expect(screen.getByText(/Next Steps lists what to do/)).toBeInTheDocument();
    expect(screen.getByText('Essay 3 · ENGL 101')).toBeInTheDocument();
  });

  it('has loading and error states', () => {
    const { rerender } = render(<MyNextSteps state="loading" tasks={[]} dueLabel={() => null} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    rerender(<MyNextSteps state="error" tasks={[]} dueLabel={() => null} />);
    expect(screen.getByText('Error retrieving info')).toBeInTheDocument();
  });
});
