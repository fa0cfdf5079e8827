import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Status } from '../../contract/status.schema.js';
import { HttpStatusError } from '../../src/api/errors.js';
import type { UserResult } from '../../src/api/user.js';
import type { GuardContext } from '../../src/machines/guard.context.js';
import { STATUS_FRESH_MS, guardReadsMachine } from '../../src/machines/guard-reads.machine.js';
import { integrationsAvailable, integrationsUnavailable, student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';
import { underRecordingPortal } from './reports.js';

/** The guard's context as a navigation hands it to its reads. */
const navigation = (more: Partial<GuardContext> = {}): GuardContext => ({
  target: { pathname: '/academics', search: '', hash: '' },
  authenticated: false,
  errorState: 0,
  back: false,
  at: 100_000,
  failure: null,
  statusCheckedAt: null,
  user: null,
  ...more,
});

/** Each way into the reads: the status fresh or not, the user needed or not. */
const inputs = {
  'no status yet and a user to fetch': navigation(),
  'a fresh status and a user to fetch': navigation({
    statusCheckedAt: 100_000 - STATUS_FRESH_MS + 1,
  }),
  'a status 30 seconds old, the user known': navigation({
    statusCheckedAt: 100_000 - STATUS_FRESH_MS,
    authenticated: true,
  }),
  'no status yet, /logout': navigation({ target: { pathname: '/logout', search: '', hash: '' } }),
  'no status yet, back in history': navigation({ back: true }),
  'a fresh status, the user known': navigation({ statusCheckedAt: 100_000, authenticated: true }),
};

const events = [
  { type: 'xstate.done.actor.checkStatus', output: integrationsAvailable },
  { type: 'xstate.done.actor.checkStatus', output: integrationsUnavailable },
  { type: 'xstate.done.actor.fetchUser', output: { kind: 'user', user: student } },
  { type: 'xstate.done.actor.fetchUser', output: { kind: 'provisional' } },
  { type: 'xstate.done.actor.fetchUser', output: { kind: 'signed-out' } },
];

const isFresh = (input: GuardContext) =>
  input.statusCheckedAt !== null && input.at - input.statusCheckedAt < STATUS_FRESH_MS;

/** The reads under a stand-in portal, which is also their parent: both hear from them, in order. */
function recordedReads(
  input: GuardContext,
  answers: { status?: () => Promise<Status>; user?: () => Promise<UserResult> },
) {
  const status = vi.fn(answers.status ?? (async () => integrationsAvailable));
  const user = vi.fn(
    answers.user ?? (async (): Promise<UserResult> => ({ kind: 'user', user: student })),
  );
  const { child, reports } = underRecordingPortal(
    guardReadsMachine.provide({
      actors: { checkStatus: fromPromise(status), fetchUser: fromPromise(user) },
    }),
    { input },
  );
  return { reads: child, reports, status, user, said: () => reports.map((r) => r.type) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the guard's reads (portal.md §2 steps 1 and 3)", () => {
  // Alone, with no guard to tell.
  const alone = guardReadsMachine.provide({
    actions: { reportStatus: () => {}, tellGuard: () => {} },
  });
  const walks = Object.entries(inputs).map(
    ([name, input]) => [name, input, shortestPaths(alone, events, input)] as const,
  );

  it('reach the status checked and the user fetched together, or either alone', () => {
    const reached = walks.flatMap(([, , paths]) => paths.map((p) => p.state));
    expect(reached.some((s) => s.matches({ status: 'checkingStatus', user: 'fetchingUser' }))).toBe(
      true,
    );
    expect(reached.some((s) => s.matches({ status: 'known', user: 'fetchingUser' }))).toBe(true);
    expect(reached.some((s) => s.matches({ status: 'checkingStatus', user: 'known' }))).toBe(true);
    expect(reached.some((s) => s.status === 'done')).toBe(true);
  });

  describe.each(walks)('with %s', (_name, input, paths) => {
    it.each(paths.map((p) => [pathTitle(p), p] as const))(
      'end only with a status answer under 30 seconds old, and a user when the navigation needs one: %s',
      (_title, { state, steps }) => {
        const asked = steps.some((s) => s.event.type === 'xstate.done.actor.checkStatus');
        expect(state.matches({ status: 'known' })).toBe(isFresh(input) || asked);
        if (state.status === 'done') {
          const needsUser =
            input.target.pathname !== '/logout' && !input.back && !input.authenticated;
          expect(state.output !== null).toBe(needsUser);
        }
      },
    );
  });

  it('report the status to the portal, then tell the guard, as soon as it answers, then end', async () => {
    const { said } = recordedReads(navigation({ authenticated: true }), {});
    await settle();
    expect(said()).toEqual(['guard.statusChecked', 'guard.statusRead', 'xstate.done.actor.child']);
  });

  it('ask for the status and the user together, the status first', () => {
    const asked: string[] = [];
    recordedReads(navigation(), {
      status: () => (asked.push('status'), new Promise(() => {})),
      user: () => (asked.push('user'), new Promise(() => {})),
    });
    expect(asked).toEqual(['status', 'user']);
  });

  it('reuse a status answer less than 30 seconds old: nothing asked, nothing reported, at once', () => {
    const { reads, status, said } = recordedReads(
      navigation({ statusCheckedAt: 100_000 - STATUS_FRESH_MS + 1, authenticated: true }),
      {},
    );
    expect(status).not.toHaveBeenCalled();
    expect(said()).toEqual(['xstate.done.actor.child']);
    expect(reads.getSnapshot().output).toBeNull();
  });

  it('give the user fetched as their output, after the status has been reported', async () => {
    const { reads, said } = recordedReads(navigation(), {
      user: async () => ({ kind: 'provisional' }),
    });
    await settle();
    expect(said()).toEqual(['guard.statusChecked', 'guard.statusRead', 'xstate.done.actor.child']);
    expect(reads.getSnapshot().output).toEqual({ kind: 'provisional' });
  });

  it('fail with the error of a failed read, and stop the other one', async () => {
    const { reads, said } = recordedReads(navigation(), {
      status: () => Promise.reject(new HttpStatusError(500, 'broken')),
      user: () => new Promise(() => {}),
    });
    await settle();
    expect(reads.getSnapshot().status).toBe('error');
    expect(reads.getSnapshot().error).toBeInstanceOf(HttpStatusError);
    expect(said()).toEqual(['xstate.error.actor.child']);
    expect(reads.getSnapshot().children).toEqual({});
  });
});
