import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { EmergencyAlert, EmergencyAlertsAnswer } from '../../contract/alerts.schema.js';
import { bannerLines } from '../../src/lib/banner-rules.js';
import {
  bannerMachine,
  selectAlertsUnchecked,
  selectHoldCount,
  selectHoldSettled,
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

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The walks: a student whose hold line was or was not dismissed earlier, and someone else. */
const walks = [
  { student: true, dismissedBefore: false },
  { student: true, dismissedBefore: true },
  { student: false, dismissedBefore: false },
];

describe('banner machine', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const paths = walks.flatMap((walk) =>
    shortestPaths(
      bannerMachine.provide({
        guards: { wasHoldDismissed: () => walk.dismissedBefore },
        actions: { rememberHoldDismissed: () => {} },
      }),
      events,
      { username: 'ana', student: walk.student },
    ).map((path) => ({ ...path, walk })),
  );

  it('reaches the hold line shown, dismissed and absent, and alerts ready, saving and unavailable', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of ['"shown"', '"dismissed"', '"none"', '"saving"', '"unavailable"']) {
      expect([...reached].some((v) => v.includes(state))).toBe(true);
    }
  });

  it.each(paths.map((p) => [`${JSON.stringify(p.walk)} ${pathTitle(p)}`, p] as const))(
    'shows a student the hold line only while holds exist and it is not dismissed, and a read alert never shows again: %s',
    (_title, { state, steps, walk }) => {
      const holdShown = bannerLines({ messages: [], holdCount: selectHoldCount(state) }).some(
        (l) => l.kind === 'hold',
      );
      const loaded = steps.find((s) => s.event.type === 'xstate.done.actor.loadHoldCount')?.event;
      const holds =
        loaded && 'output' in loaded && typeof loaded.output === 'number' ? loaded.output : 0;
      const dismissed =
        walk.dismissedBefore || steps.some((s) => s.event.type === 'banner.dismissHold');
      expect(holdShown).toBe(walk.student && !dismissed && holds > 0);
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
      { input: { username: 'ana', student: true }, clock },
    ).start();
    clock.increment(1_499);
    expect(selectPageMayShow(banner.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectPageMayShow(banner.getSnapshot())).toBe(true);
  });
});

/** A browser session's storage; a new session starts with an empty one. */
function memoryStore(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

function bannerActor(username = 'ana') {
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
    }),
    { input: { username, student: true } },
  ).start();
  return { actor, read };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the hold line and emergency alerts (portal.md §4)', () => {
  it('holds can be dismissed for the session: gone after a reload, back in a new session', async () => {
    vi.stubGlobal('sessionStorage', memoryStore());
    const first = bannerActor();
    await settle();
    expect(selectHoldCount(first.actor.getSnapshot())).toBe(1);
    first.actor.send({ type: 'banner.dismissHold' });
    expect(selectHoldCount(first.actor.getSnapshot())).toBe(0);

    const reloaded = bannerActor();
    await settle();
    expect(selectHoldCount(reloaded.actor.getSnapshot())).toBe(0);

    vi.stubGlobal('sessionStorage', memoryStore());
    const newSession = bannerActor();
    await settle();
    expect(selectHoldCount(newSession.actor.getSnapshot())).toBe(1);
  });

  it('another person in the same browser session still sees their hold line', async () => {
    vi.stubGlobal('sessionStorage', memoryStore());
    const ana = bannerActor('ana');
    await settle();
    ana.actor.send({ type: 'banner.dismissHold' });
    expect(selectHoldCount(ana.actor.getSnapshot())).toBe(0);
    const jordan = bannerActor('jordan');
    await settle();
    expect(selectHoldCount(jordan.actor.getSnapshot())).toBe(1);
  });

  it('holds can be dismissed for the session: the dismissal is written to sessionStorage for that person and read back from it', async () => {
    const store = memoryStore();
    vi.stubGlobal('sessionStorage', store);
    const ana = bannerActor('ana');
    await settle();
    expect(store.getItem('portal.holdDismissed.ana')).toBeNull();
    ana.actor.send({ type: 'banner.dismissHold' });
    expect(store.getItem('portal.holdDismissed.ana')).toBe('1');
    expect(store.getItem('portal.holdDismissed.jordan')).toBeNull();

    // Written by an earlier page of the session: the line stays dismissed without asking for holds.
    store.setItem('portal.holdDismissed.jordan', '1');
    const loadHoldCount = vi.fn(async () => 1);
    const jordan = createActor(
      bannerMachine.provide({
        actors: {
          loadHoldCount: fromPromise(loadHoldCount),
          loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => ({
            checked: true,
            alerts: [],
          })),
        },
      }),
      { input: { username: 'jordan', student: true } },
    ).start();
    await settle();
    expect(jordan.getSnapshot().matches({ hold: 'dismissed' })).toBe(true);
    expect(loadHoldCount).not.toHaveBeenCalled();
  });

  it('with storage refused (reading sessionStorage throws) the hold line still shows and is dismissed for the page', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const first = bannerActor();
      await settle();
      expect(selectHoldCount(first.actor.getSnapshot())).toBe(1);
      first.actor.send({ type: 'banner.dismissHold' });
      expect(selectHoldCount(first.actor.getSnapshot())).toBe(0);
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });

  it('with storage switched off the hold line is dismissed for the page and back on the next load', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    const first = bannerActor();
    await settle();
    first.actor.send({ type: 'banner.dismissHold' });
    expect(selectHoldCount(first.actor.getSnapshot())).toBe(0);
    const reloaded = bannerActor();
    await settle();
    expect(selectHoldCount(reloaded.actor.getSnapshot())).toBe(1);
  });

  it('an emergency alert is marked read through its own read, and stops showing', async () => {
    const { actor, read } = bannerActor();
    await settle();
    expect(selectUnreadAlerts(actor.getSnapshot())).toHaveLength(1);
    actor.send({ type: 'banner.readAlert', id: A });
    expect(selectUnreadAlerts(actor.getSnapshot())).toHaveLength(0);
    await settle();
    expect(read).toEqual([A]);
  });

  it('reading one emergency alert leaves the others showing, and an alert read twice is marked read once', async () => {
    const read: string[] = [];
    const actor = createActor(
      bannerMachine.provide({
        actors: {
          loadHoldCount: fromPromise(async () => 0),
          loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => ({
            checked: true,
            alerts: [alert(A), alert(B)],
          })),
          markAlertRead: fromPromise<unknown, { id: string }>(async ({ input }) => {
            read.push(input.id);
          }),
        },
      }),
      { input: { username: 'ana', student: true } },
    ).start();
    await settle();
    expect(read).toEqual([]);
    actor.send({ type: 'banner.readAlert', id: B });
    expect(selectUnreadAlerts(actor.getSnapshot()).map((a) => a.id)).toEqual([A]);
    await settle();
    actor.send({ type: 'banner.readAlert', id: B });
    await settle();
    expect(read).toEqual([B]);
  });

  it('a student without holds has no hold line', async () => {
    const actor = createActor(
      bannerMachine.provide({
        actors: {
          loadHoldCount: fromPromise(async () => 0),
          loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => ({
            checked: true,
            alerts: [],
          })),
        },
      }),
      { input: { username: 'ana', student: true } },
    ).start();
    await settle();
    expect(actor.getSnapshot().hasTag('hold')).toBe(false);
  });

  it('the hold line is settled once it is shown, absent, dismissed or its read failed, not while it is read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const settledWith = async (loadHoldCount: () => Promise<number>, student = true) => {
      const actor = createActor(
        bannerMachine.provide({
          actors: {
            loadHoldCount: fromPromise(loadHoldCount),
            loadAlerts: fromPromise<EmergencyAlertsAnswer>(async () => ({
              checked: true,
              alerts: [],
            })),
          },
        }),
        { input: { username: 'ana', student } },
      ).start();
      const whileReading = selectHoldSettled(actor.getSnapshot());
      await settle();
      return [whileReading, selectHoldSettled(actor.getSnapshot())];
    };
    expect(await settledWith(async () => 2)).toEqual([false, true]);
    expect(await settledWith(async () => 0)).toEqual([false, true]);
    expect(
      await settledWith(async () => {
        throw new Error('500');
      }),
    ).toEqual([false, true]);
    expect(await settledWith(async () => 2, false)).toEqual([true, true]);
    vi.stubGlobal('sessionStorage', memoryStore());
    sessionStorage.setItem('portal.holdDismissed.ana', '1');
    expect(await settledWith(async () => 2)).toEqual([true, true]);
  });
});
