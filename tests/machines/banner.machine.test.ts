import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { EmergencyAlert, EmergencyAlertsAnswer } from '../../contract/alerts.schema.js';
import { dismissHoldForSession, isHoldDismissed } from '../../src/api/hold-dismissal.js';
import { bannerLines } from '../../src/lib/banner-rules.js';
import {
  bannerMachine,
  selectAlertsUnchecked,
  selectHoldCount,
  selectPageMayShow,
  selectUnreadAlerts,
} from '../../src/machines/banner.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const alert = (id: string): EmergencyAlert => ({
  id,
  title: 'Campus alert test',
  description: 'This is a test.',
  pubDate: '2026-11-21T11:00:00.000Z',
  severity: 'test',
  read: false,
});
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

const events = [
  { type: 'xstate.done.actor.loadHoldCount', output: 2 },
  { type: 'xstate.done.actor.loadHoldCount', output: 0 },
  { type: 'xstate.error.actor.loadHoldCount', error: new Error('500') },
  { type: 'xstate.done.actor.loadAlerts', output: { checked: true, alerts: [alert(A), alert(B)] } },
  { type: 'xstate.done.actor.loadAlerts', output: { checked: false } },
  { type: 'xstate.error.actor.loadAlerts', error: new Error('500') },
  { type: 'xstate.done.actor.markAlertRead', output: null },
  { type: 'xstate.error.actor.markAlertRead', error: new Error('500') },
  { type: 'banner.dismissHold' },
  { type: 'banner.readAlert', id: A },
  { type: 'banner.readAlert', id: B },
  { type: 'xstate.after.alertPatience.banner.alerts.loading.pageWaits' },
];

afterEach(() => vi.restoreAllMocks());

describe('banner machine', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = [false, true].flatMap((holdDismissed) =>
    shortestPaths(bannerMachine, events, { holdDismissed }),
  );

  it('reaches the hold line shown, dismissed and absent, and alerts ready, saving and unavailable', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of ['"shown"', '"dismissed"', '"none"', '"saving"', '"unavailable"']) {
      expect([...reached].some((v) => v.includes(state))).toBe(true);
    }
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows the hold line only while holds exist and it is not dismissed, and a read alert never shows again: %s',
    (_title, { state }) => {
      const holdShown = bannerLines({
        messages: [],
        holdCount: selectHoldCount(state),
        holdDismissed: state.context.holdDismissed,
      }).some((l) => l.kind === 'hold');
      expect(holdShown).toBe(state.context.holdCount > 0 && !state.context.holdDismissed);
      const unread = selectUnreadAlerts(state).map((a) => a.id);
      for (const id of state.context.alertQueue) expect(unread).not.toContain(id);
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the page waits below the alerts only while their first read is under way and patience lasts: %s',
    (_title, { state, steps }) => {
      const alertsRead = steps.some((s) => s.event.type.includes('actor.loadAlerts'));
      const patienceOver = steps.some((s) => s.event.type.startsWith('xstate.after'));
      expect(selectPageMayShow(state)).toBe(alertsRead || patienceOver);
    },
  );

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the page says alerts could not be checked exactly when the server said so or the read failed: %s',
    (_title, { state, steps }) => {
      const last = steps.findLast((s) => s.event.type.includes('actor.loadAlerts'))?.event;
      const notChecked =
        last !== undefined &&
        (last.type.startsWith('xstate.error') ||
          ('output' in last && JSON.stringify(last.output) === '{"checked":false}'));
      expect(selectAlertsUnchecked(state)).toBe(notChecked);
      if (notChecked) expect(selectUnreadAlerts(state)).toEqual([]);
    },
  );

  it('a page waits for the alerts above it at most 1.5 seconds, then shows without them', () => {
    const clock = new SimulatedClock();
    const banner = createActor(
      bannerMachine.provide({
        actors: {
          loadHoldCount: fromPromise(async () => 0),
          loadAlerts: fromPromise(() => new Promise<EmergencyAlertsAnswer>(() => {})),
        },
      }),
      { input: { holdDismissed: false }, clock },
    ).start();
    clock.increment(1_499);
    expect(selectPageMayShow(banner.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectPageMayShow(banner.getSnapshot())).toBe(true);
  });
});

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

function bannerActor(holdDismissed: boolean, onDismiss: () => void = () => {}) {
  const read: string[] = [];
  const actor = createActor(
    bannerMachine.provide({
      actors: {
        loadHoldCount: fromPromise(async () => 1),
        loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => ({
          checked: true,
          alerts: [alert(A)],
        })),
        markAlertRead: fromPromise<unknown, { id: string }>(async ({ input }) => {
          read.push(input.id);
        }),
      },
      actions: { rememberHoldDismissed: onDismiss },
    }),
    { input: { holdDismissed } },
  ).start();
  return { actor, read };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the hold line and emergency alerts (portal.md §4)', () => {
  it('holds can be dismissed for the session: gone after a reload, back in a new session', async () => {
    const session = memoryStore();
    const first = bannerActor(isHoldDismissed('ana', session), () =>
      dismissHoldForSession('ana', session),
    );
    await settle();
    expect(selectHoldCount(first.actor.getSnapshot())).toBe(1);
    first.actor.send({ type: 'banner.dismissHold' });
    expect(selectHoldCount(first.actor.getSnapshot())).toBe(0);

    const reloaded = bannerActor(isHoldDismissed('ana', session));
    await settle();
    expect(selectHoldCount(reloaded.actor.getSnapshot())).toBe(0);

    const newSession = bannerActor(isHoldDismissed('ana', memoryStore()));
    await settle();
    expect(selectHoldCount(newSession.actor.getSnapshot())).toBe(1);
  });

  it('another person in the same browser session still sees their hold line', () => {
    const session = memoryStore();
    dismissHoldForSession('ana', session);
    expect(isHoldDismissed('jordan', session)).toBe(false);
  });

  it('an emergency alert is marked read through its own read, and stops showing', async () => {
    const { actor, read } = bannerActor(false);
    await settle();
    expect(selectUnreadAlerts(actor.getSnapshot())).toHaveLength(1);
    actor.send({ type: 'banner.readAlert', id: A });
    expect(selectUnreadAlerts(actor.getSnapshot())).toHaveLength(0);
    await settle();
    expect(read).toEqual([A]);
  });
});
