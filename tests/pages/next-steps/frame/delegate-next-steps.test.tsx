import { screen, waitFor, within } from '@testing-library/react';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { listCoursework } from '../../../../src/api/next-steps/list-coursework.js';
import { selectTasks } from '../../../../src/machines/task-list.context.js';
import { nextStepsUser, userTask } from '../../../lib/fixtures.js';
import { renderNextSteps } from '../../../routes/next-steps/render-next-steps.js';

const T = '2026-09-15T12:00:00.000Z';
const tasks = [
  userTask(1, { overdue: true }, { title: 'Submit your FAFSA', ends_on: T, has_deadline: true }),
  userTask(2, {}, { title: 'Join a student group' }),
];

/** The student's list as a delegate reads it: the share, no token (their own cookie signs). */
const delegate = nextStepsUser({
  auth_token: '',
  shared: {
    delegation: 3,
    student_name: 'Ana Valencia',
    categories: ['finances', 'next-steps'],
    ends_at: '2027-05-31T22:00:00.000Z',
  },
});

/**
 * Issue 88: a delegate the student shared Next Steps with reads the student's list in Next Steps'
 * own app, drawn by the same components and machines as the student's, under the portal's
 * delegate bar, every change disabled, and without the student's settings or coursework.
 */
describe('Next Steps in delegate capacity (issue 88)', () => {
  it('the student\'s tasks under the bar "Ana Valencia shared Finances and holds, Next Steps with you until May 31, 2027", on every screen', async () => {
    renderNextSteps('/next-steps/task', tasks, { user: delegate });
    expect(await screen.findByText('Submit your FAFSA')).toBeInTheDocument();
    const bar = await screen.findByRole('region', { name: 'Shared with you' });
    expect(bar).toHaveTextContent(
      'Ana Valencia shared Finances and holds, Next Steps with you until May 31, 2027',
    );
    expect(within(bar).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("changes nothing: each bookmark is disabled and says why, and the student's settings are neither offered nor opened by address", async () => {
    const { list, router } = renderNextSteps('/next-steps/task', tasks, { user: delegate });
    const bookmark = await screen.findByRole('button', { name: 'Bookmark Submit your FAFSA' });
    expect(bookmark).toHaveAttribute('aria-disabled', 'true');
    expect(bookmark.getAttribute('title')).not.toBe('');
    bookmark.click();
    expect(selectTasks(list.getSnapshot()).every((t) => !t.starred)).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Next Steps' });
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Preferences' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Affiliations' })).not.toBeInTheDocument();
    await router.navigate({ to: '/preferences' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
  });

  it("the student's own list has no bar and offers their settings", async () => {
    renderNextSteps('/next-steps/task', tasks);
    expect(await screen.findByText('Submit your FAFSA')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shared with you' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preferences' })).toBeInTheDocument();
  });

  it("the student's coursework is never asked for a delegate's list, and is for the student's own", async () => {
    const asked: string[] = [];
    const http = ky.create({
      prefixUrl: 'http://portal.invalid/api',
      fetch: async (input) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return Response.json({ feed: { state: 'none' }, items: [] });
      },
    });
    const shared = await listCoursework(http, () => delegate).fetch();
    expect(shared.items).toEqual([]);
    expect(asked).toEqual([]);
    await listCoursework(http, () => nextStepsUser()).fetch();
    expect(asked).toEqual(['http://portal.invalid/api/coursework']);
  });
});
