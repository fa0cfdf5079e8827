import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userTask } from '../../lib/fixtures.js';
import { renderNextSteps } from '../../routes/next-steps/render-next-steps.js';

const tasks = [userTask(1, {}, { title: 'Submit your FAFSA' })];

async function openFilter() {
  const user = userEvent.setup();
  const view = renderNextSteps('/next-steps/task', tasks);
  await screen.findByText('Submit your FAFSA');
  await user.click(screen.getByRole('button', { name: 'FILTER' }));
  expect(screen.getByRole('link', { name: 'Overdue' })).toBeInTheDocument();
  return { user, ...view };
}

const toggle = () => screen.getByRole('button', { name: 'FILTER' });

describe('the FILTER menu (next-steps.md §2)', () => {
  it('Escape closes the FILTER menu and focus returns to FILTER', async () => {
    const { user } = await openFilter();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Up Next' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Overdue' })).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('tabbing past the last entry (the Coursework category) closes the FILTER menu', async () => {
    const { user } = await openFilter();
    for (let i = 0; i < 5; i++) await user.tab();
    expect(screen.getByRole('link', { name: 'Dismissed' })).toHaveFocus();
    for (let i = 0; i < 3; i++) await user.tab();
    expect(screen.getByRole('link', { name: 'Coursework' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('link', { name: 'Overdue' })).not.toBeInTheDocument();
  });

  it('after choosing a filter from the keyboard, focus is back on FILTER', async () => {
    const { user, router } = await openFilter();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Overdue' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ show: 'overdue' }));
    expect(screen.queryByRole('link', { name: 'Dismissed' })).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it('a category keeps the status filter, and a status filter keeps the category (issue 45)', async () => {
    const { user, router } = await openFilter();
    await user.click(screen.getByRole('link', { name: 'Overdue' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ show: 'overdue' }));
    await user.click(toggle());
    await user.click(screen.getByRole('link', { name: 'Coursework' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ show: 'overdue', category: 'coursework' }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overdue — Coursework');
    await user.click(toggle());
    expect(screen.getByRole('link', { name: 'Coursework' })).toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'Done' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ show: 'done', category: 'coursework' }),
    );
    await user.click(toggle());
    await user.click(screen.getByRole('link', { name: 'All categories' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ show: 'done' }));
  });
});
