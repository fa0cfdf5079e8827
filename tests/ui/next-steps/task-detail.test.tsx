import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userTask } from '../../lib/fixtures.js';
import { renderNextSteps } from '../../routes/next-steps/render-next-steps.js';

const tasks = [userTask(1, {}, { title: 'Submit your FAFSA' })];

/**
 * Whether any button ever gets `disabled` while `act` runs. In a browser a focused button that
 * becomes disabled drops the focus to the page; jsdom keeps it, so the attribute is watched.
 */
async function everDisabled(act: () => Promise<void>) {
  let seen = false;
  const observer = new MutationObserver((records) => {
    seen ||= records.some((r) => r.target instanceof HTMLButtonElement && r.target.disabled);
  });
  observer.observe(document.body, {
    attributes: true,
    subtree: true,
    attributeFilter: ['disabled'],
  });
  await act();
  observer.disconnect();
  return seen;
}

describe('the task detail actions', () => {
  it.each([
    ['Mark done', 'Mark not done'],
    ['Dismiss', 'Restore'],
    ['Bookmark', 'Remove bookmark'],
    ['Do now', 'Do now'],
  ])(
    'after "%s" from the keyboard, focus stays on that control, which now reads "%s"',
    async (action, after) => {
      const user = userEvent.setup();
      const { list } = renderNextSteps('/next-steps/task/1', tasks);
      await screen.findByRole('heading', { name: 'Submit your FAFSA' });
      screen.getByRole('button', { name: action }).focus();
      const dropped = await everDisabled(async () => {
        await user.keyboard('{Enter}');
        await waitFor(() => expect(screen.getByRole('button', { name: after })).toHaveFocus());
        await waitFor(() => expect(list.getSnapshot().hasTag('pending')).toBe(false));
      });
      expect(dropped).toBe(false);
    },
  );

  it('once set, Do now stays focusable, says it is unavailable and ignores presses', async () => {
    const user = userEvent.setup();
    renderNextSteps('/next-steps/task/1', tasks);
    await screen.findByRole('heading', { name: 'Submit your FAFSA' });
    const doNow = screen.getByRole('button', { name: 'Do now' });
    await user.click(doNow);
    await waitFor(() => expect(doNow).toHaveAttribute('aria-disabled', 'true'));
    await user.click(doNow);
    expect(doNow).toHaveFocus();
  });
});

describe('the task page says what matters (issue 43)', () => {
  it('has one primary action, Mark done; Do now is explained', async () => {
    renderNextSteps('/next-steps/task/1', tasks);
    await screen.findByRole('heading', { name: 'Submit your FAFSA' });
    const primary = document.querySelectorAll('.task-detail__primary');
    expect(primary).toHaveLength(1);
    expect(primary[0]).toHaveTextContent('Mark done');
    expect(screen.getByRole('button', { name: 'Do now' })).toHaveAccessibleDescription(
      /tags this task as the one you are working on/,
    );
  });

  it('an overdue task says it is overdue in words; one done does not', async () => {
    renderNextSteps('/next-steps/task/1', [
      userTask(1, { overdue: true }, { title: 'Submit your FAFSA' }),
    ]);
    await screen.findByRole('heading', { name: 'Submit your FAFSA' });
    expect(screen.getByText(/^Overdue: its date has passed/)).toBeVisible();
  });

  it('a done task is not called overdue', async () => {
    renderNextSteps('/next-steps/task/1', [
      userTask(
        1,
        { overdue: true, completed_on: '2026-11-20T10:00:00Z' },
        { title: 'Submit your FAFSA' },
      ),
    ]);
    await screen.findByRole('heading', { name: 'Submit your FAFSA' });
    expect(screen.queryByText(/^Overdue:/)).toBeNull();
  });
});

describe('the task page offline (issue 44)', () => {
  it('Dismiss and Do now wait, saying why; Mark done and Bookmark stay, as they are kept and sent later', async () => {
    const user = userEvent.setup();
    const { list, connection } = renderNextSteps('/next-steps/task/1', tasks);
    await screen.findByRole('heading', { name: 'Submit your FAFSA' });
    // The worker answered a read with its kept copy.
    act(() => connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveAttribute('aria-disabled', 'true');
    expect(dismiss).toHaveAccessibleDescription(/^You’re offline: Dismiss and Do now/);
    expect(screen.getByRole('button', { name: 'Do now' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Mark done' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    await user.click(dismiss);
    expect(list.getSnapshot().hasTag('pending')).toBe(false);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();

    act(() => connection.send({ type: 'answer.fresh' }));
    expect(dismiss).toHaveAttribute('aria-disabled', 'false');
  });
});

describe('a task a department’s system marked done (issue 60)', () => {
  it('says where it was completed, and the student cannot mark it not done', async () => {
    const done = [
      userTask(
        1,
        { completed_on: '2026-11-20T10:00:00Z', completed_in: 'Financial Aid' },
        { title: 'Verification worksheet' },
      ),
    ];
    renderNextSteps('/next-steps/task/1', done);
    await screen.findByRole('heading', { name: 'Verification worksheet' });
    expect(screen.getByText(/Completed in Financial Aid/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark not done' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('a task the student’s record completed (issue 74)', () => {
  it('says the office removed the hold, and the student cannot mark it not done', async () => {
    const done = [
      userTask(
        1,
        {
          completed_on: '2026-11-20T10:00:00Z',
          completed_in: 'Student record',
          completed_because: { kind: 'hold-removed', office: 'Registrar' },
        },
        { title: 'Clear your registration hold' },
      ),
    ];
    renderNextSteps('/next-steps/task/1', done);
    await screen.findByRole('heading', { name: 'Clear your registration hold' });
    expect(screen.getByText(/Completed: Registrar removed this hold/)).toBeVisible();
    expect(screen.queryByText(/Completed in/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark not done' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('a publisher’s task in the reader’s language (issue 60)', () => {
  it('English shown to a Spanish reader is marked lang="en" in the detail and the list; Spanish text lang="es"', async () => {
    renderNextSteps('/next-steps/task/1', [
      userTask(1, {}, { title: 'Send your worksheet', description: 'Aid needs it.', lang: 'en' }),
      userTask(2, {}, { title: 'Envíe su hoja', description: 'Ayuda la necesita.', lang: 'es' }),
    ]);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Send your worksheet' });
    expect(heading).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Aid needs it.')).toHaveAttribute('lang', 'en');
    const list = screen.getByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('Envíe su hoja')).toHaveAttribute('lang', 'es');
  });

  it('the staff’s own task that says no language is marked English, as they wrote it (issue 76)', async () => {
    renderNextSteps('/next-steps/task/1', tasks);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Submit your FAFSA' });
    expect(heading).toHaveAttribute('lang', 'en');
    const list = screen.getByRole('list', { name: 'Tasks' });
    expect(within(list).getByText('Submit your FAFSA')).toHaveAttribute('lang', 'en');
  });
});
