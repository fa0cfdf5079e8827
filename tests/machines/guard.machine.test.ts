import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { HttpStatusError } from '../../src/api/errors.js';
import type { UserResult } from '../../src/api/user.js';
import type { GuardNavigation } from '../../src/machines/guard.context.js';
import { STATUS_FRESH_MS, guardReadsMachine } from '../../src/machines/guard-reads.machine.js';
import {
  guardMachine,
  selectIsLeaving,
  selectMayRender,
} from '../../src/machines/guard.machine.js';
import type { Status } from '../../contract/status.schema.js';
import { integrationsAvailable, integrationsUnavailable, student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';
import { underRecordingPortal } from './reports.js';

const to = (path: string, more: Partial<GuardNavigation> = {}) => {
  const url = new URL(path, 'http://portal.test');
  return {
    type: 'guard.navigate' as const,
    target: { pathname: url.pathname, search: url.search, hash: url.hash.replace(/^#/, '') },
    authenticated: false,
    errorState: 0,
    back: false,
    at: 0,
    ...more,
  };
};

/** The top-level step a snapshot is in. */
const stepOf = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as object)[0];

/** The reads' end (guard-reads.machine.ts): the user, or null when the navigation needed none. */
const readsDone = (output: UserResult | null) => ({ type: 'xstate.done.actor.reads', output });
const events = [
  to('/academics'),
  to('/logout', { authenticated: true }),
  to('/account?refresh#profile', { authenticated: true }),
  to('/finances', { authenticated: true, back: true }),
  to('/account', { back: true }),
  to('/community', { errorState: 3 }),
  to('/messages', { authenticated: true, at: STATUS_FRESH_MS - 1 }),
  to('/finances', { authenticated: true, at: STATUS_FRESH_MS }),
  { type: 'guard.statusRead' },
  readsDone(null),
  readsDone({ kind: 'user', user: student }),
  readsDone({ kind: 'provisional' }),
  readsDone({ kind: 'signed-out' }),
  { type: 'xstate.error.actor.reads', error: new HttpStatusError(500, 'broken') },
  { type: 'xstate.done.actor.clearCache', output: { cleared: 3 } },
  { type: 'xstate.error.actor.clearCache', error: new HttpStatusError(404, 'none') },
];

/** A guard whose reports to the portal are recorded, with each call answered as given. */
function recordedGuard(answers: {
  status?: () => Promise<Status>;
  user?: () => Promise<UserResult>;
  cache?: () => Promise<unknown>;
}) {
  const calls: string[] = [];
  const { child: guard, reports } = underRecordingPortal(
    guardMachine.provide({
      actors: {
        reads: guardReadsMachine.provide({
          actors: {
            checkStatus: fromPromise(answers.status ?? (async () => integrationsAvailable)),
            fetchUser: fromPromise(
              answers.user ?? (async (): Promise<UserResult> => ({ kind: 'user', user: student })),
            ),
          },
        }),
        clearCache: fromPromise(async () => {
          calls.push('clearCache');
          return (answers.cache ?? (async () => ({ cleared: 1 })))();
        }),
      },
    }),
  );
  /** What the guard did, in order: its calls and its reports (status reports apart). */
  const log = () => {
    const said = reports.flatMap((r): string[] => {
      if (r.type === 'guard.userFetched' && 'result' in r)
        return [`user:${(r.result as UserResult).kind}`];
      if (r.type === 'guard.failed' && 'error' in r) return [`failure:${String(r.error)}`];
      if (r.type === 'guard.cacheClearFailed') return ['cacheFailure'];
      if ((r.type === 'guard.signInRequired' || r.type === 'guard.loggingOut') && 'url' in r)
        return [`${r.type}:${String(r.url)}`];
      return [];
    });
    return [...calls, ...said];
  };
  const statuses = () =>
    reports.flatMap((r) =>
      r.type === 'guard.statusChecked' && 'status' in r ? [(r.status as Status).integrations] : [],
    );
  return { guard, log, statuses };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('guard machine', () => {
  const paths = shortestPaths(guardMachine, events);

  it('reaches every step of the guard', () => {
    const reached = new Set(paths.map((p) => stepOf(p.state.value)));
    expect([...reached].sort()).toEqual([
      'checking',
      'clearingCache',
      'failed',
      'idle',
      'leaving',
      'passed',
      'redirecting',
    ]);
    expect(paths.some((p) => p.state.matches('checking') && p.state.context.user === null)).toBe(
      true,
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps its invariant after %s',
    (_name, { state }) => {
      const { context } = state;
      // Exactly one answer for the router: wait, render, or stop.
      const answers = ['pending', 'passed', 'settled', 'left'].filter((t) => state.hasTag(t));
      expect(answers).toHaveLength(1);
      if (state.matches('redirecting')) {
        expect(context.authenticated).toBe(false);
        expect(context.errorState).toBeLessThanOrEqual(1);
      }
      expect(state.matches('leaving')).toBe(
        context.target.pathname === '/logout' && state.hasTag('left'),
      );
      if (state.matches('failed')) expect(context.failure).not.toBeNull();
      if (state.matches('clearingCache')) expect(context.target.search).toMatch(/refresh/);
      // The reads are under way while checking, and the user is known once they are done.
      expect(state.hasTag('pending')).toBe(
        state.matches('checking') || state.matches('clearingCache'),
      );
      if (state.matches('checking')) expect(context.user).toBeNull();
      // After a failure no status answer is kept: the next navigation asks again.
      if (state.matches('failed')) expect(context.statusCheckedAt).toBeNull();
    },
  );

  it('requests the status and the user together, and reports the status first', async () => {
    const asked: string[] = [];
    let answerStatus = (_: Status) => {};
    let answerUser = (_: UserResult) => {};
    const { guard, log, statuses } = recordedGuard({
      status: () => (asked.push('status'), new Promise((r) => (answerStatus = r))),
      user: () => (asked.push('user'), new Promise((r) => (answerUser = r))),
    });
    guard.send(to('/academics'));
    expect(asked).toEqual(['status', 'user']);
    answerUser({ kind: 'user', user: student });
    await settle();
    expect(log()).toEqual([]);
    expect(guard.getSnapshot().hasTag('pending')).toBe(true);
    answerStatus(integrationsAvailable);
    await settle();
    expect(statuses()).toEqual(['available']);
    expect(log()).toEqual(['user:user']);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('reuses a status answer less than 30 seconds old, and asks again after that', async () => {
    const status = vi.fn(async () => integrationsAvailable);
    const { guard } = recordedGuard({ status });
    guard.send(to('/', { at: 1_000 }));
    await settle();
    guard.send(to('/academics', { authenticated: true, at: 1_000 + STATUS_FRESH_MS - 1 }));
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
    expect(status).toHaveBeenCalledTimes(1);
    guard.send(to('/finances', { authenticated: true, at: 1_000 + STATUS_FRESH_MS }));
    expect(guard.getSnapshot().hasTag('pending')).toBe(true);
    await settle();
    expect(status).toHaveBeenCalledTimes(2);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('a status answer that came while the user was still being fetched is reused by the next navigation', async () => {
    const status = vi.fn(async () => integrationsAvailable);
    const { guard, statuses } = recordedGuard({ status, user: () => new Promise(() => {}) });
    guard.send(to('/', { at: 1_000 }));
    await settle();
    expect(statuses()).toEqual(['available']);
    expect(guard.getSnapshot().hasTag('pending')).toBe(true);
    guard.send(to('/academics', { authenticated: true, at: 2_000 }));
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
    expect(status).toHaveBeenCalledTimes(1);
  });

  it('a navigation while the status is being checked asks again, and an answer to the first one is not reported', async () => {
    const answers: Array<(s: Status) => void> = [];
    const { guard, statuses } = recordedGuard({
      status: () => new Promise<Status>((r) => answers.push(r)),
    });
    guard.send(to('/academics', { authenticated: true }));
    guard.send(to('/finances', { authenticated: true, at: 1 }));
    expect(answers).toHaveLength(2);
    answers[0]?.(integrationsUnavailable);
    await settle();
    expect(statuses()).toEqual([]);
    expect(guard.getSnapshot().hasTag('pending')).toBe(true);
    answers[1]?.(integrationsAvailable);
    await settle();
    expect(statuses()).toEqual(['available']);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('a failed user fetch is a failure of the guard, and the next navigation checks the status again', async () => {
    const status = vi.fn(async () => integrationsAvailable);
    const { guard, log } = recordedGuard({
      status,
      user: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    guard.send(to('/'));
    await settle();
    expect(log()).toEqual(['failure:TypeError: Failed to fetch']);
    expect(guard.getSnapshot().hasTag('failed')).toBe(true);
    guard.send(to('/', { at: 1 }));
    await settle();
    expect(status).toHaveBeenCalledTimes(2);
  });

  it('reports the integrations the status check found, so the app can show the integration banner', async () => {
    const { guard, statuses } = recordedGuard({ status: async () => integrationsUnavailable });
    guard.send(to('/academics'));
    await settle();
    expect(statuses()).toEqual(['unavailable']);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('sends a signed-out user to the backend login with the original full path as "next"', async () => {
    const { guard, log } = recordedGuard({ user: async () => ({ kind: 'signed-out' }) });
    guard.send(to('/academics?term=202501#grades'));
    await settle();
    expect(log()).toContain(
      `guard.signInRequired:/auth/sign-in?next=${encodeURIComponent('/academics?term=202501#grades')}`,
    );
    expect(guard.getSnapshot().hasTag('left')).toBe(true);
  });

  it('if the error state is above 1, no redirect happens', async () => {
    const { guard, log } = recordedGuard({ user: async () => ({ kind: 'signed-out' }) });
    guard.send(to('/academics', { errorState: 3 }));
    await settle();
    expect(log().some((l) => l.startsWith('guard.signIn'))).toBe(false);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('/logout signs the user out, then leaves for the backend logout address', async () => {
    const { guard, log } = recordedGuard({});
    guard.send(to('/logout', { authenticated: true }));
    await settle();
    expect(log()).toEqual(['guard.loggingOut:/auth/logout']);
  });

  it('a "refresh" query parameter clears the server-side data caches', async () => {
    const { guard, log } = recordedGuard({});
    guard.send(to('/account?refresh', { authenticated: true }));
    await settle();
    expect(log()).toEqual(['clearCache']);
    guard.send(to('/account', { authenticated: true }));
    await settle();
    expect(log()).toEqual(['clearCache']);
  });

  it('a failed cache clear is reported and the page still shows', async () => {
    const { guard, log } = recordedGuard({ cache: () => Promise.reject(new Error('404')) });
    guard.send(to('/?refresh', { authenticated: true }));
    await settle();
    expect(log()).toEqual(['clearCache', 'cacheFailure']);
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });

  it('going back in history while not authenticated also sends the browser to login', async () => {
    const user = vi.fn(async (): Promise<UserResult> => ({ kind: 'user', user: student }));
    const { guard, log } = recordedGuard({ user });
    guard.send(to('/account', { back: true }));
    await settle();
    expect(user).not.toHaveBeenCalled();
    expect(log()).toEqual([
      `guard.signInRequired:/auth/sign-in?next=${encodeURIComponent('/account')}`,
    ]);
  });

  it('a failure of the guard is reported (the app sets error state 2)', async () => {
    const { guard, log } = recordedGuard({
      status: () => Promise.reject(new HttpStatusError(500, 'broken')),
    });
    guard.send(to('/'));
    await settle();
    expect(log()).toEqual(['failure:HttpStatusError: broken']);
    expect(guard.getSnapshot().hasTag('settled')).toBe(true);
  });

  it('with error state 1 (only an integration warning), a signed-out user is still sent to login', async () => {
    const { guard, log } = recordedGuard({ user: async () => ({ kind: 'signed-out' }) });
    guard.send(to('/academics', { errorState: 1 }));
    await settle();
    expect(log()).toEqual([
      'user:signed-out',
      `guard.signInRequired:/auth/sign-in?next=${encodeURIComponent('/academics')}`,
    ]);
    expect(guard.getSnapshot().hasTag('left')).toBe(true);
  });

  it('/logout leaves without asking who the user is, even when not authenticated', async () => {
    const user = vi.fn(async (): Promise<UserResult> => ({ kind: 'user', user: student }));
    const { guard, log } = recordedGuard({ user });
    guard.send(to('/logout'));
    await settle();
    expect(user).not.toHaveBeenCalled();
    expect(log()).toEqual(['guard.loggingOut:/auth/logout']);
  });

  it('the router may render once the guard passed or failed, and not while it is still checking', async () => {
    let answer: (s: Status) => void = () => {};
    const { guard } = recordedGuard({ status: () => new Promise<Status>((r) => (answer = r)) });
    expect(selectMayRender(guard.getSnapshot())).toBe(true);
    guard.send(to('/academics', { authenticated: true }));
    expect(selectMayRender(guard.getSnapshot())).toBe(false);
    expect(selectIsLeaving(guard.getSnapshot())).toBe(false);
    answer(integrationsAvailable);
    await settle();
    expect(selectMayRender(guard.getSnapshot())).toBe(true);
    expect(selectIsLeaving(guard.getSnapshot())).toBe(false);

    const failing = recordedGuard({ status: () => Promise.reject(new Error('down')) }).guard;
    failing.send(to('/academics', { authenticated: true }));
    await settle();
    expect(selectMayRender(failing.getSnapshot())).toBe(true);
  });

  it('the browser is leaving, with nothing more to render, once sign-in or sign-out is under way', async () => {
    const { guard } = recordedGuard({ user: async () => ({ kind: 'signed-out' }) });
    guard.send(to('/academics'));
    await settle();
    expect(selectIsLeaving(guard.getSnapshot())).toBe(true);
    expect(selectMayRender(guard.getSnapshot())).toBe(false);
  });

  it('a guard whose calls the composition root did not provide fails, naming the missing call', async () => {
    const failures = (provided: Parameters<typeof guardMachine.provide>[0]) => {
      const { child, reports } = underRecordingPortal(guardMachine.provide(provided));
      return {
        guard: child,
        said: () =>
          reports.flatMap((r) =>
            r.type === 'guard.failed' && 'error' in r ? [(r.error as Error).message] : [],
          ),
      };
    };
    const bare = failures({});
    bare.guard.send(to('/academics', { authenticated: true }));
    await settle();
    expect(bare.said()).toEqual(['checkStatus is provided by the composition root']);

    const noUser = failures({
      actors: {
        reads: guardReadsMachine.provide({
          actors: { checkStatus: fromPromise(async () => integrationsAvailable) },
        }),
      },
    });
    noUser.guard.send(to('/academics'));
    await settle();
    expect(noUser.said()).toEqual(['fetchUser is provided by the composition root']);
  });

  it('a refresh without a cache clear provided is reported as a failed cache clear', async () => {
    const { child: guard, reports } = underRecordingPortal(
      guardMachine.provide({
        actors: {
          reads: guardReadsMachine.provide({
            actors: { checkStatus: fromPromise(async () => integrationsAvailable) },
          }),
        },
      }),
    );
    guard.send(to('/account?refresh', { authenticated: true }));
    await settle();
    expect(reports.map((r) => r.type)).toContain('guard.cacheClearFailed');
    expect(guard.getSnapshot().hasTag('passed')).toBe(true);
  });
});
