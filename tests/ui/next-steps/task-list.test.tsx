import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userTask } from '../../lib/fixtures.js';
import { renderNextSteps } from '../../routes/next-steps/render-next-steps.js';

describe('the task list keeps the keyboard focus', () => {
  it('unbookmarking a task under Bookmarks moves focus to the task now in its place', async () => {
    const user = userEvent.setup();
    renderNextSteps('/next-steps/task?show=bookmarks', [
      userTask(1, { starred: true }, { title: 'Submit your FAFSA' }),
      userTask(2, { starred: true }, { title: 'Join a student group' }),
    ]);
    (await screen.findByRole('button', { name: 'Bookmark Submit your FAFSA' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Submit your FAFSA')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Join a student group' })).toHaveFocus();
  });

  it('unbookmarking the last bookmark moves focus to the empty-state message', async () => {
    const user = userEvent.setup();
    renderNextSteps('/next-steps/task?show=bookmarks', [
      userTask(1, { starred: true }, { title: 'Submit your FAFSA' }),
    ]);
    (await screen.findByRole('button', { name: 'Bookmark Submit your FAFSA' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('No bookmarks yet.')).toHaveFocus());
  });
});
