import { describe, expect, it, vi } from 'vitest';
import { HTTPError } from 'ky';
import { createActor, fromPromise } from 'xstate';
import { appMachine } from '../../src/machines/app.machine.js';
import type { UserResult } from '../../src/api/user.js';
import { shortestPaths } from './paths.js';
import { HttpStatusError } from '../../src/api/errors.js';

const user = {
  first_name: 'Ana',
  last_name: 'Valencia',
  photo: null,
  nine_number: '900000001',
  email: 'a@example.edu',
  username: 'avalencia',
  primary_role: 'student' as const,
  other_roles: [],
  is_authenticated: true,
  is_staff: false,
  is_superuser: false,
  auth_token: 'token-token-token-token',
  initialized: true,
  can_use_demo: true,
  has_provisional_account: false,
  financial_dashboard_access: true,
  profile_pk: 1,
  role_acknowledged_on: null,
  preferences: {
    pk: 1,
    use_profile_photo: true,
    contact_by_email: true,
    contact_by_text: false,
    sms_number: null,
  },
};

const done = (output: UserResult) => ({ type: 'xstate.done.actor.fetchUser', output });
const events = [
  done({ kind: 'user', user }),
  done({ kind: 'signed-out' }),
  done({ kind: 'provisional' }),
  { type: 'xstate.error.actor.fetchUser', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.fetchUser', error: new HttpStatusError(503, 'down') },
  { type: 'xstate.error.actor.fetchUser', error: new HttpStatusError(500, 'broken') },
  { type: 'app.retry' },
];

const machine = appMachine.provide({ actions: { redirectToLogin: () => {} } });

describe('app machine', () => {
  const paths = shortestPaths(machine, events, { returnTo: '/academics' });

  it('reaches every state of user initialisation', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual([
      'failed',
      'loadingUser',
      'provisional',
      'ready',
      'signedOut',
    ]);
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )('keeps its invariant after %s', (_name, path) => {
    const { context } = path.state;
    expect(context.user !== null).toBe(path.state.matches('ready'));
    expect(context.errorState > 1).toBe(path.state.matches('failed'));
    expect(path.state.hasTag('initialised')).toBe(path.state.matches('ready'));
  });

  it('sends the browser to sign-in with the original full path when signed out', async () => {
    const redirect = vi.fn();
    const actor = createActor(
      appMachine.provide({
        actors: {
          fetchUser: fromPromise(async (): Promise<UserResult> => ({ kind: 'signed-out' })),
        },
        actions: { redirectToLogin: ({ context }) => redirect(context.returnTo) },
      }),
      { input: { returnTo: '/academics?term=202501#grades' } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true));
    expect(redirect).toHaveBeenCalledWith('/academics?term=202501#grades');
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch'), 3],
    ['HTTP 502', new HttpStatusError(502, 'bad gateway'), 3],
    ['HTTP 503', new HttpStatusError(503, 'unavailable'), 3],
    ['HTTP 504', new HttpStatusError(504, 'timeout'), 3],
    ['HTTP 500', new HttpStatusError(500, 'broken'), 2],
    [
      'a ky HTTP 503',
      new HTTPError(new Response(null, { status: 503 }), new Request('http://x/'), {} as never),
      3,
    ],
  ])(
    'sets error state 3 on a network error or HTTP 502/503/504, else 2: %s → %i',
    async (_name, error, expected) => {
      const actor = createActor(
        appMachine.provide({
          actors: {
            fetchUser: fromPromise(async (): Promise<UserResult> => Promise.reject(error)),
          },
        }),
        { input: { returnTo: '/' } },
      ).start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
      expect(actor.getSnapshot().context.errorState).toBe(expected);
    },
  );
});
