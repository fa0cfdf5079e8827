import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ArrangedBlocks } from '../../../src/ui/portal/dashboard-customise.js';
import type { Arrangement } from '../../../src/ui/portal/dashboard-types.js';

/** Customise mode over three blocks of the rest of the page, each a paragraph. */
function customising() {
  const arrangement: Arrangement = {
    layout: null,
    mandatory: [],
    customising: true,
    announcement: null,
    undoBlock: null,
    offline: false,
    onCustomise: vi.fn(),
    onFinish: vi.fn(),
    onMove: vi.fn(),
    onHide: vi.fn(),
    onShow: vi.fn(),
    onUndo: vi.fn(),
    onReset: vi.fn(),
  };
  render(
    <ArrangedBlocks
      arrangement={arrangement}
      nodes={{
        'event-calendar': <p>Events</p>,
        'school-tools': <p>Tools</p>,
        'whats-new': <p>News</p>,
      }}
      standard={null}
    />,
  );
  return arrangement;
}

describe('customising the dashboard with a pointer', () => {
  it('WCAG 2.5.7: a block moves by a single click on Move down or Move up, no dragging: nothing in the page is draggable', async () => {
    const user = userEvent.setup();
    const arrangement = customising();
    const events = screen.getByRole('group', { name: 'Event Calendar' });
    await user.click(within(events).getByRole('button', { name: 'Move down' }));
    expect(arrangement.onMove).toHaveBeenCalledTimes(1);
    expect(vi.mocked(arrangement.onMove).mock.calls[0]?.slice(0, 2)).toEqual(['event-calendar', 1]);
    const tools = screen.getByRole('group', { name: 'School tools' });
    await user.click(within(tools).getByRole('button', { name: 'Move up' }));
    expect(vi.mocked(arrangement.onMove).mock.calls[1]?.slice(0, 2)).toEqual(['school-tools', -1]);
    expect(document.querySelectorAll('[draggable="true"]')).toHaveLength(0);
  });

  it('WCAG 2.5.2: a press is undone by sliding off the control before release: Move down and Hide act on release over them only', async () => {
    const user = userEvent.setup();
    const arrangement = customising();
    const events = screen.getByRole('group', { name: 'Event Calendar' });
    const elsewhere = screen.getByText('News');
    for (const name of ['Move down', 'Hide']) {
      const control = within(events).getByRole('button', { name });
      await user.pointer([
        { keys: '[MouseLeft>]', target: control },
        { target: elsewhere },
        { keys: '[/MouseLeft]', target: elsewhere },
      ]);
    }
    expect(arrangement.onMove).not.toHaveBeenCalled();
    expect(arrangement.onHide).not.toHaveBeenCalled();
    // Released over it, it acts.
    await user.pointer([
      { keys: '[MouseLeft>]', target: within(events).getByRole('button', { name: 'Hide' }) },
      { keys: '[/MouseLeft]' },
    ]);
    expect(arrangement.onHide).toHaveBeenCalledWith('event-calendar');
  });
});

describe('a customised dashboard from 1024 px (issue 87)', () => {
  it('hiding the video keeps portal.md §2’s two columns in its order: the profile summary, Today’s Classes, the resources and events on the left; the promos, What’s New and Upcoming Tasks on the right; no row of the day above them', () => {
    const nodes = Object.fromEntries(
      [
        'profile-summary',
        'todays-classes',
        'general-resources',
        'event-calendar',
        'financial-promos',
        'whats-new',
        'video',
        'my-next-steps',
      ].map((id) => [id, <p key={id}>{id}</p>]),
    );
    const arrangement: Arrangement = {
      layout: { order: [], hidden: ['video'] },
      mandatory: ['profile-summary'],
      customising: false,
      announcement: null,
      undoBlock: null,
      offline: false,
      onCustomise: vi.fn(),
      onFinish: vi.fn(),
      onMove: vi.fn(),
      onHide: vi.fn(),
      onShow: vi.fn(),
      onUndo: vi.fn(),
      onReset: vi.fn(),
    };
    const { container } = render(
      <ArrangedBlocks arrangement={arrangement} nodes={nodes} standard={null} />,
    );
    const columns = [...container.querySelectorAll('.dashboard__column')].map((column) =>
      [...column.querySelectorAll('[data-block-id]')].map((b) => b.getAttribute('data-block-id')),
    );
    expect(columns).toEqual([
      ['profile-summary', 'todays-classes', 'general-resources', 'event-calendar'],
      ['financial-promos', 'whats-new', 'my-next-steps'],
    ]);
    expect(screen.queryByTestId('arranged-day')).toBeNull();
  });
});
