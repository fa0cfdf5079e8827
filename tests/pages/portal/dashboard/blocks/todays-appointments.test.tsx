import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../../../contract/appointments.schema.js';
import { selectApiErrors } from '../../../../../src/machines/app.machine.js';
import { failing } from '../../fake-academics-api.js';
import { renderBlock } from './render-todays-classes.js';

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 7,
  with: { name: 'Dr. Lee', office: 'Academic Advising' },
  // Wednesday 2026-11-25, 2:00–2:30 PM on campus.
  starts_at: '2026-11-25T22:00:00.000Z',
  ends_at: '2026-11-25T22:30:00.000Z',
  place: 'Student Services 210',
  online_link: 'https://meet.example.edu/lee',
  cancelled: false,
  from: 'Academic Advising',
  ...over,
});
const answer = (...appointments: Appointment[]) => ({
  '/api/appointments': { status: 200, body: { appointments } },
});
const block = () => screen.findByRole('region', { name: "Today's Classes" });

describe("Today's Classes: today's appointments (issue 92)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Wednesday 2026-11-25, 8:00 on campus: CS 161 meets at 10:00.
    vi.setSystemTime(new Date('2026-11-25T16:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists today's appointment beside the classes: time, with whom, place, and Join opening its link", async () => {
    // Tomorrow's is not today's.
    const tomorrow = appointment({
      id: 8,
      with: { name: 'Dr. Ortiz', office: null },
      starts_at: '2026-11-26T18:00:00.000Z',
      ends_at: '2026-11-26T18:30:00.000Z',
    });
    await renderBlock(answer(appointment(), tomorrow));
    const today = await block();
    expect(await within(today).findByText('CS 161')).toBeVisible();
    const join = await within(today).findByRole('link', {
      name: 'Join the appointment with Dr. Lee',
    });
    expect(join).toHaveTextContent('Join');
    expect(join).toHaveAttribute('href', 'https://meet.example.edu/lee');
    expect(join).toHaveAttribute('target', '_blank');
    const item = join.closest('li');
    expect(item).toHaveTextContent('2:00 PM – 2:30 PM');
    expect(item).toHaveTextContent('with Dr. Lee');
    expect(item).toHaveTextContent('Student Services 210');
    expect(within(today).getByRole('heading', { name: 'Appointments' })).toBeVisible();
    expect(within(today).queryByText(/Dr\. Ortiz/)).toBeNull();
  });

  it('a cancelled appointment stays, labelled "Cancelled" in words (not only struck), without Join', async () => {
    await renderBlock(answer(appointment({ cancelled: true })));
    const today = await block();
    const label = await within(today).findByText('Cancelled');
    expect(label.closest('li')).toHaveTextContent('with Dr. Lee');
    expect(label.closest('li')).toHaveClass('todays-classes__item--cancelled');
    expect(within(today).queryByRole('link', { name: /^Join/ })).toBeNull();
  });

  it('a failed appointments read says so in a line and leaves the classes, reporting the failure', async () => {
    const context = await renderBlock({ '/api/appointments': failing });
    const today = await block();
    expect(await within(today).findByText('Appointments could not be loaded')).toBeVisible();
    expect(await within(today).findByText('CS 161')).toBeVisible();
    await waitFor(() =>
      expect(selectApiErrors(context.app.getSnapshot()).map((e) => e.component)).toEqual([
        'appointments',
      ]),
    );
  });

  it('a day without appointments shows nothing more: a Sunday keeps "No classes today" alone', async () => {
    // Sunday 2026-11-22, noon on campus; the appointment is on Wednesday.
    vi.setSystemTime(new Date('2026-11-22T20:00:00.000Z'));
    await renderBlock(answer(appointment()));
    const today = await block();
    expect(await within(today).findByText('No classes today')).toBeVisible();
    expect(within(today).queryByRole('heading', { name: 'Appointments' })).toBeNull();
    expect(within(today).queryByText('Appointments could not be loaded')).toBeNull();
  });
});
