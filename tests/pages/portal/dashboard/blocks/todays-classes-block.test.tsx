import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failing } from '../../fake-academics-api.js';
import { selectApiErrors } from '../../../../../src/machines/app.machine.js';
import { wholeText } from '../../../../matchers.js';
import { renderBlock } from './render-todays-classes.js';

const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe("Today's Classes", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists today's classes of the campus day with their times, and links to the full schedule", async () => {
    // Wednesday 2026-11-25, 8:00 on campus (16:00 UTC).
    at('2026-11-25T16:00:00.000Z');
    await renderBlock();
    const block = await screen.findByRole('region', { name: "Today's Classes" });
    const item = await within(block).findByText('CS 161');
    expect(item.closest('li')).toHaveTextContent('10:00 AM – 11:50 AM');
    expect(within(block).getAllByRole('listitem')).toHaveLength(1);
    expect(within(block).getByRole('link', { name: 'View full schedule' })).toHaveAttribute(
      'href',
      '/academics#schedule',
    );
  });

  it("at 5 PM on a campus Thursday it is still Thursday's classes, though UTC is on Friday", async () => {
    // Thursday 2026-11-19, 5:00 PM on campus.
    at('2026-11-20T01:00:00.000Z');
    await renderBlock();
    expect(await screen.findByText('WR 121')).toBeInTheDocument();
    expect(screen.queryByText('CS 161')).not.toBeInTheDocument();
  });

  it('lists no classes on a campus holiday (Thanksgiving), and names the holiday', async () => {
    // Thursday 2026-11-26, 11:00 on campus: WR 121 meets on Thursdays, but not on Thanksgiving.
    at('2026-11-26T19:00:00.000Z');
    await renderBlock();
    expect(
      await screen.findByText(wholeText('No classes today: Thanksgiving holiday')),
    ).toBeInTheDocument();
    expect(screen.queryByText('WR 121')).not.toBeInTheDocument();
  });

  it('says "No classes today" on a day without classes', async () => {
    at('2026-11-22T20:00:00.000Z');
    await renderBlock();
    expect(await screen.findByText('No classes today')).toBeInTheDocument();
  });

  it('has a loading state, and an error state with a retry that reports the failure', async () => {
    at('2026-11-25T16:00:00.000Z');
    const context = await renderBlock({ '/api/integrations/finti/schedule?term=202604': failing });
    expect(await screen.findByText('Error retrieving info')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(selectApiErrors(context.app.getSnapshot())).toEqual([
      { type: 'api', component: 'schedule', message: 'Error retreiving data' },
    ]);
  });

  it('shows its loading state while the schedule is on its way', async () => {
    at('2026-11-25T16:00:00.000Z');
    await renderBlock({ '/api/integrations/finti/schedule?term=202604': 'hang' });
    expect(await screen.findByRole('status')).toHaveTextContent("Loading today's classes");
  });
});
