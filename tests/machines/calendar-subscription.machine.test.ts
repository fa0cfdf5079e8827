import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CalendarSubscription } from '../../contract/calendar.schema.js';
import {
  calendarSubscriptionMachine,
  selectCalendarStatus,
  selectCalendarStep,
} from '../../src/machines/calendar-subscription.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const ready: CalendarSubscription = {
  state: 'ready',
  path: `/calendar/${'a'.repeat(43)}.ics`,
  created_at: '2026-11-22T12:00:00.000Z',
};
const renewed: CalendarSubscription = { ...ready, path: `/calendar/${'b'.repeat(43)}.ics` };
const none: CalendarSubscription = { state: 'none' };
const hidden: CalendarSubscription = { state: 'hidden', created_at: ready.created_at };

const events = [
  { type: 'xstate.done.actor.load', output: none },
  { type: 'xstate.done.actor.load', output: ready },
  { type: 'xstate.done.actor.load', output: hidden },
  { type: 'xstate.error.actor.load', error: new Error('500') },
  { type: 'subscription.retry' },
  { type: 'subscription.create' },
  { type: 'subscription.reset' },
  { type: 'subscription.confirm' },
  { type: 'subscription.cancel' },
  { type: 'subscription.copy' },
  { type: 'xstate.done.actor.save', output: renewed },
  { type: 'xstate.error.actor.save', error: new Error('500') },
  { type: 'xstate.done.actor.copy' },
  { type: 'xstate.error.actor.copy', error: new Error('denied') },
  { type: 'xstate.after.4000.calendarSubscription.shown.copied' },
];

describe('calendar subscription machine', () => {
  const paths = shortestPaths(calendarSubscriptionMachine, events);

  it('reaches every step: confirming, saving, copied, and both failures', () => {
    const steps = new Set(paths.map((p) => selectCalendarStep(p.state)));
    expect(steps).toEqual(
      new Set(['idle', 'confirming', 'saving', 'saveFailed', 'copied', 'copyFailed']),
    );
    expect(new Set(paths.map((p) => selectCalendarStatus(p.state)))).toEqual(
      new Set(['loading', 'loaded', 'error']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'a link is copied only when the person has one to show, and a reset always asks first: %s',
    (_title, path) => {
      const step = selectCalendarStep(path.state);
      const subscription = path.state.context.subscription;
      if (step === 'copied' || step === 'copyFailed') expect(subscription?.state).toBe('ready');
      if (selectCalendarStatus(path.state) === 'loaded') expect(subscription).not.toBeNull();
      // Saving starts only from "Create link" (no address yet) or a confirmed reset.
      const last = path.steps.at(-1)?.event.type;
      if (step === 'saving' && last === 'subscription.create')
        expect(subscription?.state).toBe('none');
      if (step === 'saving')
        expect(['subscription.create', 'subscription.confirm']).toContain(last);
    },
  );

  it('a failed load is reported once, and a retry loads again', async () => {
    const reported: unknown[] = [];
    let calls = 0;
    const actor = createActor(
      calendarSubscriptionMachine.provide({
        actors: {
          load: fromPromise<CalendarSubscription>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('down');
            return ready;
          }),
        },
        actions: { reportFailure: (_, error) => reported.push(error) },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStatus(actor.getSnapshot())).toBe('error');
    actor.send({ type: 'subscription.retry' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStatus(actor.getSnapshot())).toBe('loaded');
    expect(reported).toHaveLength(1);
  });

  it('a failed reset keeps the address the person had', async () => {
    const actor = createActor(
      calendarSubscriptionMachine.provide({
        actors: {
          load: fromPromise<CalendarSubscription>(async () => ready),
          save: fromPromise<CalendarSubscription>(async () => {
            throw new Error('500');
          }),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'subscription.reset' });
    actor.send({ type: 'subscription.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStep(actor.getSnapshot())).toBe('saveFailed');
    expect(actor.getSnapshot().context.subscription).toEqual(ready);
  });

  it('a person without an address has nothing to reset: a reset asks for no confirmation', async () => {
    const actor = createActor(
      calendarSubscriptionMachine.provide({
        actors: { load: fromPromise<CalendarSubscription>(async () => none) },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'subscription.reset' });
    expect(selectCalendarStep(actor.getSnapshot())).toBe('idle');
  });

  it('calls the container did not provide fail as a failed load, save or copy', async () => {
    const reported: unknown[] = [];
    const bare = createActor(
      calendarSubscriptionMachine.provide({
        actions: { reportFailure: (_, error) => reported.push(error) },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStatus(bare.getSnapshot())).toBe('error');
    expect(reported.map((e) => (e as Error).message)).toEqual([
      'load is provided by the container',
    ]);

    const loadOnly = createActor(
      calendarSubscriptionMachine.provide({
        actors: { load: fromPromise<CalendarSubscription>(async () => ready) },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    loadOnly.send({ type: 'subscription.copy' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStep(loadOnly.getSnapshot())).toBe('copyFailed');
    loadOnly.send({ type: 'subscription.reset' });
    loadOnly.send({ type: 'subscription.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStep(loadOnly.getSnapshot())).toBe('saveFailed');
    expect(loadOnly.getSnapshot().context.subscription).toEqual(ready);
  });

  it('copying copies the address shown, and an address not shown (hidden) cannot be copied', async () => {
    const copied: string[] = [];
    const withAnswer = (answer: CalendarSubscription) =>
      createActor(
        calendarSubscriptionMachine.provide({
          actors: {
            load: fromPromise<CalendarSubscription>(async () => answer),
            copy: fromPromise<void, { path: string }>(async ({ input }) => {
              copied.push(input.path);
            }),
          },
        }),
      ).start();
    const shown = withAnswer(ready);
    await new Promise((r) => setTimeout(r, 0));
    shown.send({ type: 'subscription.copy' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStep(shown.getSnapshot())).toBe('copied');
    expect(copied).toEqual([ready.path]);

    const notShown = withAnswer(hidden);
    await new Promise((r) => setTimeout(r, 0));
    notShown.send({ type: 'subscription.copy' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCalendarStep(notShown.getSnapshot())).toBe('idle');
    expect(copied).toEqual([ready.path]);
  });
});
