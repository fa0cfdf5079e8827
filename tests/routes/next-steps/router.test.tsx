import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import { showNextStepsCampus } from '../../../src/routes/next-steps/router.js';
import { listProblem } from '../../../src/ui/next-steps/notices.js';
import { userTask } from '../../lib/fixtures.js';
import { renderNextSteps, user } from './render-next-steps.js';

const T = '2026-09-15T12:00:00.000Z';
const tasks = [
  userTask(1, { overdue: true }, { title: 'Submit your FAFSA', ends_on: T, has_deadline: true }),
  userTask(2, { starred: true }, { title: 'Join a student group', category: 7 }),
  userTask(3, { completed_on: T }, { title: 'Check your email' }),
];

describe('the Next Steps "task" route', () => {
  it('opens on "Up Next" without a show query', async () => {
    renderNextSteps('/next-steps/task', tasks);
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
    expect(await screen.findByText('Submit your FAFSA')).toBeInTheDocument();
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
  });

  it('names the filter of a known show value', async () => {
    renderNextSteps('/next-steps/task/12?show=bookmarks', tasks);
    // With a task in the address the detail pane repeats the heading for phones (CSS shows one).
    expect(
      (await screen.findAllByRole('heading', { level: 1, name: 'Bookmarks' })).length,
    ).toBeGreaterThan(0);
    expect(await screen.findByText('Join a student group')).toBeInTheDocument();
  });

  it('falls back to "Up Next" for an unknown show value', async () => {
    renderNextSteps('/next-steps/task?show=everything', tasks);
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
  });

  it('sends /next-steps/ to the task list', async () => {
    renderNextSteps('/next-steps/', tasks);
    expect(await screen.findByRole('heading', { level: 1, name: 'Up Next' })).toBeInTheDocument();
  });

  it.each([
    ['done', 'You haven\'t marked anything "done" yet.'],
    ['dismissed', 'You haven\'t "dismissed" anything yet.'],
    ['overdue', 'No overdue tasks right now.'],
    ['bookmarks', 'No bookmarks yet.'],
    ['important', 'No important tasks right now.'],
  ])('shows the %s empty-state message verbatim', async (show, text) => {
    renderNextSteps(`/next-steps/task?show=${show}`, []);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('the FILTER menu closes on selection and on a click outside, and navigates with show', async () => {
    const user = userEvent.setup();
    const { router } = renderNextSteps('/next-steps/task', tasks);
    await screen.findByText('Submit your FAFSA');
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    expect(
      screen.getAllByRole('link', { name: /^(Up Next|Overdue|Bookmarks|Done|Dismissed)$/ }),
    ).toHaveLength(5);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('link', { name: 'Overdue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    await user.click(screen.getByRole('link', { name: 'Overdue' }));
    expect(screen.queryByRole('link', { name: 'Dismissed' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ show: 'overdue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overdue' })).toBeInTheDocument();
  });

  it('changing the Next Steps filter announces the new view and count', async () => {
    const user = userEvent.setup();
    renderNextSteps('/next-steps/task', tasks);
    await screen.findByText('Submit your FAFSA');
    const region = document.getElementById('page-announcer');
    expect(region).not.toBeNull();
    // The list's first showing is the page's own: nothing said.
    expect(region).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    await user.click(screen.getByRole('link', { name: 'Overdue' }));
    await waitFor(() => expect(region).toHaveTextContent('Overdue: 1 task'));
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    await user.click(screen.getByRole('link', { name: 'Done' }));
    await waitFor(() => expect(region).toHaveTextContent(/^Done: \d+ tasks?$/));
  });

  it('choosing a task shows its detail pane and keeps the query in the item links', async () => {
    const user = userEvent.setup();
    const { container } = renderNextSteps('/next-steps/task?show=bookmarks', tasks);
    const link = await screen.findByRole('link', { name: /Join a student group/ });
    expect(link.getAttribute('href')).toBe('/next-steps/task/2?show=bookmarks');
    expect(container.querySelector('.task-wrapper--active')).not.toBeNull();
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Join a student group' }),
    ).toBeInTheDocument();
    expect(container.querySelector('.detail-wrapper--active')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Mark done' })).toBeInTheDocument();
  });

  it('shows the overdue announcement in the spec’s words ("You have N overdue task(s). Click here to get started now", issue 76) with a link to the overdue filter and the first overdue task', async () => {
    renderNextSteps('/next-steps/task', tasks);
    const link = await screen.findByRole('link', { name: 'Click here to get started now' });
    expect(link.closest('p')?.textContent).toBe(
      'You have 1 overdue task(s). Click here to get started now',
    );
    expect(link.getAttribute('href')).toBe('/next-steps/task/1?show=overdue');
  });

  it('the overdue announcement greets the list as it opens (Up Next), not again on every filter (issue 43)', async () => {
    renderNextSteps('/next-steps/task?show=bookmarks', tasks);
    await screen.findByRole('heading', { level: 1, name: 'Bookmarks' });
    await screen.findByText('Join a student group');
    expect(screen.queryByText(/overdue task\(s\)\./)).toBeNull();
  });

  it('gives the "fun" item no border and an overdue one the overdue border', async () => {
    const { container } = renderNextSteps('/next-steps/task', tasks);
    await screen.findByText('Submit your FAFSA');
    expect(container.querySelector('.task-item--border-overdue')?.textContent).toContain('OVERDUE');
    expect(container.querySelector('.task-item--border-none')?.textContent).toContain(
      'Join a student group',
    );
    // Up Next leaves completed tasks out; the Done filter shows them, greyed.
    expect(container.querySelector('.task-item--greyed')).toBeNull();
  });

  it('greys a completed task where the Done filter shows it', async () => {
    const { container } = renderNextSteps('/next-steps/task?show=done', tasks);
    await screen.findByText('Check your email');
    expect(container.querySelector('.task-item--greyed')?.textContent).toContain(
      'Check your email',
    );
  });
});

describe('the Next Steps address is the filter and the selection', () => {
  it('the header "Tasks" link returns to the list, dropping the task id', async () => {
    renderNextSteps('/next-steps/task/2?show=bookmarks', tasks);
    await screen.findByRole('heading', { level: 2, name: 'Join a student group' });
    const nav = screen.getByRole('navigation', { name: 'Next Steps' });
    expect(within(nav).getByRole('link', { name: 'Tasks' }).getAttribute('href')).toBe(
      '/next-steps/task',
    );
  });

  it.each(['99999', '-3'])(
    'an unknown or invalid task id (%s) shows "This task is not available" with a link to the list',
    async (id) => {
      const { container } = renderNextSteps(`/next-steps/task/${id}?show=overdue`, tasks);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'This task is not available' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
        '/next-steps/task?show=overdue',
      );
      expect(container.querySelector('.detail-wrapper--active')).not.toBeNull();
    },
  );

  it.each(['0', 'abc'])(
    'Task lookup falls back to the selected task when the given id is not a number or is 0 (%s)',
    async (id) => {
      const { container, router } = renderNextSteps('/next-steps/task/2?show=bookmarks', tasks);
      await screen.findByRole('heading', { level: 2, name: 'Join a student group' });
      await act(() =>
        router.navigate({
          to: '/task/{-$task_id}',
          params: { task_id: id },
          search: { show: 'bookmarks' },
        }),
      );
      expect(router.state.location.pathname.endsWith(`/task/${id}`)).toBe(true);
      expect(
        screen.getByRole('heading', { level: 2, name: 'Join a student group' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('This task is not available')).toBeNull();
      expect(container.querySelector('.detail-wrapper--active')).not.toBeNull();
    },
  );

  it.each(['0', 'abc'])(
    'with no task selected yet, an id that is not a number or is 0 (%s) names no task: the list shows',
    async (id) => {
      const { container } = renderNextSteps(`/next-steps/task/${id}`, tasks);
      expect(await screen.findByRole('link', { name: /Submit your FAFSA/ })).toBeInTheDocument();
      expect(screen.queryByText('This task is not available')).toBeNull();
      expect(container.querySelector('.task-wrapper--active')).not.toBeNull();
    },
  );

  it('a campus with a Spanish portal name shows it in the header once the texts arrive, without a reload (issue 59)', async () => {
    const { router } = renderNextSteps('/next-steps/task', tasks);
    expect(await screen.findByRole('link', { name: 'Campus Portal' })).toHaveAttribute('href', '/');
    await act(() =>
      showNextStepsCampus(router, { ...defaultCampus, productName: 'Portal del Campus' }),
    );
    expect(await screen.findByRole('link', { name: 'Portal del Campus' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('link', { name: 'Campus Portal' })).toBeNull();
  });

  it('going back from a task shows the list pane again', async () => {
    const user = userEvent.setup();
    const { container, router } = renderNextSteps('/next-steps/task', tasks);
    await user.click(await screen.findByRole('link', { name: /Submit your FAFSA/ }));
    await screen.findByRole('heading', { level: 2, name: 'Submit your FAFSA' });
    expect(container.querySelector('.detail-wrapper--active')).not.toBeNull();
    await act(() => router.history.back());
    await waitFor(() => expect(container.querySelector('.task-wrapper--active')).not.toBeNull());
  });

  it("a task's page is titled by the task", async () => {
    renderNextSteps('/next-steps/task/1', tasks);
    await screen.findByRole('heading', { level: 2, name: 'Submit your FAFSA' });
    await waitFor(() => expect(document.title).toBe('Submit your FAFSA · Next Steps'));
  });

  it('the error panel speaks to the student and offers a retry, never a status or an address', async () => {
    renderNextSteps('/next-steps/task', tasks, { failTasks: true });
    const alert = (await screen.findByText(i18n._(listProblem))).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert.textContent).not.toMatch(/status|http|\d{3}/i);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a provisional account in Next Steps (next-steps.md §6)', () => {
  it('is told to sign in with the single sign-on the campus configuration names', async () => {
    renderNextSteps('/next-steps/', [], {
      user: { ...user, has_provisional_account: true },
      campus: { ...defaultCampus, ssoName: 'Beaver Account' },
    });
    expect(await screen.findByText(/provisional email account/)).toHaveTextContent(
      'Beaver Account',
    );
  });
});

describe('Next Steps for a person whose roles have no checklist (issue #28)', () => {
  it('shows what Next Steps is and a link back to the portal, not "Up Next", its empty text or the overdue announcement', async () => {
    renderNextSteps('/next-steps/task', tasks, { user: { ...user, has_checklist: false } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Next Steps' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Next Steps is the checklist students follow/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Back to the Campus Portal' }).getAttribute('href'),
    ).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Up Next' })).not.toBeInTheDocument();
    expect(screen.queryByText('You have no tasks coming up soon.')).not.toBeInTheDocument();
    expect(screen.queryByText(/overdue task/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Affiliations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Preferences' })).not.toBeInTheDocument();
  });
});
