import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Coursework, CourseworkItem } from '../../../../contract/coursework.schema.js';
import { userTask } from '../../../lib/fixtures.js';
import { renderNextSteps } from '../../../routes/next-steps/render-next-steps.js';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const item = (id: string, title: string, due: string, more: Partial<CourseworkItem> = {}) => ({
  id,
  title,
  course: 'ENGL 101',
  due,
  all_day: false,
  link: `https://canvas.campus.example.edu/courses/4021/assignments/${id}`,
  source: 'canvas' as const,
  current: true,
  done: false,
  ...more,
});

function coursework(
  items: CourseworkItem[],
  status: 'current' | 'stale' | 'broken' = 'current',
): Coursework {
  return {
    feed: {
      state: 'connected',
      masked: 'https://canvas.campus.example.edu/…k3Yz',
      source: 'canvas',
      status,
      read_at: '2026-10-25T12:00:00.000Z',
    },
    items,
  };
}

/** A fake portal keeping the done marks, as the server does. */
function portal(start: Coursework) {
  let kept = start;
  const changes: { id: string; done: boolean }[] = [];
  return {
    changes,
    effects: {
      fetch: async () => kept,
      setDone: async (change: { id: string; done: boolean }) => {
        changes.push(change);
        kept = {
          ...kept,
          items: kept.items.map((i) => (i.id === change.id ? { ...i, done: change.done } : i)),
        };
        return kept;
      },
    },
  };
}

// Due 29 October 2030 at 23:59 on the sample campus's clock (Los Angeles, PDT).
const essay = item('99812', 'Essay 2', '2030-10-30T06:59:00.000Z');
const quiz = item('100231', 'Quiz 4', at(-1), { course: 'MTH 251' });
const tasks = [userTask(1, {}, { title: 'Submit your FAFSA' })];

const courseworkRegion = () => screen.findByRole('region', { name: 'Coursework' });

describe('the Coursework category of the Next Steps list (issue 45)', () => {
  it('shows each item below the checklist with its course, due time on the campus clock and the link back', async () => {
    const { effects } = portal(coursework([essay]));
    renderNextSteps('/next-steps/task', tasks, { coursework: effects });
    const region = await courseworkRegion();
    expect(screen.getByText('Submit your FAFSA')).toBeInTheDocument();
    const row = within(region).getByRole('listitem');
    expect(row).toHaveTextContent('Essay 2');
    expect(row).toHaveTextContent('ENGL 101');
    expect(row).toHaveTextContent('Due Oct 29, 2030, 11:59 PM');
    expect(within(row).getByRole('link', { name: /^Open in Canvas: Essay 2/ })).toHaveAttribute(
      'href',
      essay.link,
    );
  });

  it('next-steps.md §2 "Overdue tasks show OVERDUE": a past-due item not done shows OVERDUE, and is under Overdue', async () => {
    const { effects } = portal(coursework([essay, quiz]));
    renderNextSteps('/next-steps/task?show=overdue&category=coursework', tasks, {
      coursework: effects,
    });
    const region = await courseworkRegion();
    const rows = within(region).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Quiz 4');
    expect(rows[0]).toHaveTextContent('OVERDUE');
    expect(rows[0]).toHaveClass('task-item--border-overdue');
    // The category alone: no checklist task.
    expect(screen.queryByText('Submit your FAFSA')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overdue — Coursework');
  });

  it('Mark done is kept by the portal: the item leaves Up Next, shows done under Done, and Undo brings it back', async () => {
    const user = userEvent.setup();
    const fake = portal(coursework([essay, quiz]));
    const { router } = renderNextSteps('/next-steps/task?category=coursework', tasks, {
      coursework: fake.effects,
    });
    const region = await courseworkRegion();
    await user.click(within(region).getByRole('button', { name: 'Mark done: Quiz 4' }));
    await waitFor(() => expect(within(region).queryByText('Quiz 4')).not.toBeInTheDocument());
    expect(fake.changes).toEqual([{ id: quiz.id, done: true }]);
    await router.navigate({
      to: '/task/{-$task_id}',
      params: {},
      search: { show: 'done', category: 'coursework' },
    });
    const done = within(await courseworkRegion()).getByRole('listitem');
    expect(done).toHaveTextContent('Quiz 4');
    // Done, it is no longer overdue (next-steps.md §4: an overdue task counts only if not done).
    expect(done).not.toHaveTextContent('OVERDUE');
    expect(done).toHaveClass('task-item--greyed');
    expect(within(done).getByRole('img', { name: 'Done' })).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Undo: Quiz 4' }));
    await waitFor(() =>
      expect(screen.getByText('You haven\'t marked anything "done" yet.')).toBeInTheDocument(),
    );
    expect(fake.changes).toEqual([
      { id: quiz.id, done: true },
      { id: quiz.id, done: false },
    ]);
  });

  it('a broken feed says which link stopped working, sends the student to Account, and keeps the items as not current', async () => {
    const kept = [{ ...essay, current: false }];
    const { effects } = portal(coursework(kept, 'broken'));
    renderNextSteps('/next-steps/task', tasks, { coursework: effects });
    const region = await courseworkRegion();
    expect(within(region).getByRole('status')).toHaveTextContent(
      'Your Canvas calendar link stopped working — paste the new one',
    );
    expect(
      within(region).getByRole('link', { name: 'in Account’s Coursework calendar' }),
    ).toHaveAttribute('href', '/account#coursework');
    expect(within(region).getByRole('listitem')).toHaveTextContent(
      'Not current: it may have changed in your LMS',
    );
  });

  it('from a Canvas connection, each item says what Canvas has of the submission, and a broken connection asks to connect again', async () => {
    const fromCanvas = (status: 'current' | 'broken'): Coursework => {
      const answer = coursework(
        [
          item('canvas:assignment:1', 'Essay 2', at(3), { submission: 'submitted' }),
          item('canvas:assignment:2', 'Lab report', at(4), { submission: 'missing' }),
          item('canvas:quiz:3', 'Quiz 4', at(5), { submission: null }),
        ],
        status,
      );
      if (answer.feed.state === 'connected') answer.feed.kind = 'canvas';
      return answer;
    };
    const { effects } = portal(fromCanvas('current'));
    const view = renderNextSteps('/next-steps/task', tasks, { coursework: effects });
    const rows = within(await courseworkRegion()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Canvas: Submitted'),
      expect.stringContaining('Canvas: Missing'),
      expect.not.stringMatching(/Canvas: (Graded|Submitted|Missing|Excused)/),
    ]);
    view.unmount();
    renderNextSteps('/next-steps/task', tasks, {
      coursework: portal(fromCanvas('broken')).effects,
    });
    expect(within(await courseworkRegion()).getByRole('status')).toHaveTextContent(
      'Your Canvas connection stopped working — connect Canvas again',
    );
  });

  it('a student without a coursework calendar sees only the checklist, and, choosing Coursework, where to add one', async () => {
    const view = renderNextSteps('/next-steps/task', tasks);
    await screen.findByText('Submit your FAFSA');
    expect(screen.queryByRole('region', { name: 'Coursework' })).not.toBeInTheDocument();
    view.unmount();
    renderNextSteps('/next-steps/task?category=coursework', tasks);
    expect(
      await screen.findByRole('link', { name: 'add it in Account’s Coursework calendar' }),
    ).toHaveAttribute('href', '/account#coursework');
  });

  it('coursework that cannot be read leaves the checklist and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderNextSteps('/next-steps/task', tasks, {
      coursework: {
        fetch: async () => {
          if (fail) throw new Error('503');
          return coursework([essay]);
        },
        setDone: async () => coursework([essay]),
      },
    });
    expect(await screen.findByText('We could not load your coursework just now.')).toBeVisible();
    expect(screen.getByText('Submit your FAFSA')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await courseworkRegion()).toHaveTextContent('Essay 2');
  });
});
