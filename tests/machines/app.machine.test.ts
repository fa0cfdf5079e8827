import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Roles } from '../../contract/roles.schema.js';
import { HttpStatusError, NetworkError } from '../../src/api/errors.js';
import {
  appMachine,
  selectApiErrors,
  selectDelegating,
  selectErrorState,
  selectShowsIntegrationBanner,
} from '../../src/machines/app.machine.js';
import { student } from './fixtures.js';
import { pathTitle, shortestPaths } from './paths.js';

const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['finances' as const],
  ends_at: '2027-05-31T06:59:59.000Z',
};

const events = [
  { type: 'app.userLoaded', user: student },
  // Support viewing as the student (issue 73): the roles refresh is skipped.
  {
    type: 'app.userLoaded',
    user: {
      ...student,
      view_as: {
        name: 'Ana Valencia',
        ends_at: '2026-11-27T15:30:00.000Z',
        read_only: true,
        viewer_language: 'en',
      },
    },
  },
  // Issue 88: no campus session, a delegate reading the share they chose.
  { type: 'app.delegateLoaded', share: SHARE },
  { type: 'app.preferencesSaved', preferences: { ...student.preferences, theme: 'dark' } },
  { type: 'app.provisional' },
  { type: 'app.signedOut' },
  { type: 'app.apiFailed', component: 'holds', message: 'Error retreiving data' },
  { type: 'app.bannerError', message: 'Holds unavailable' },
  { type: 'app.integrationWarning' },
  { type: 'app.integrationsRestored' },
  { type: 'app.guardFailed', error: new HttpStatusError(500, 'broken') },
  { type: 'app.guardFailed', error: new NetworkError(new TypeError('Failed to fetch')) },
  { type: 'app.outage' },
  { type: 'app.retry' },
  { type: 'xstate.done.actor.refreshRoles', output: { primary_role: 'staff', other_roles: [] } },
  { type: 'xstate.error.actor.refreshRoles', error: new HttpStatusError(404, 'none') },
];

function appActor(roles: () => Promise<Roles> = () => new Promise(() => {})) {
  return createActor(appMachine.provide({ actors: { refreshRoles: fromPromise(roles) } })).start();
}

describe('app machine', () => {
  const paths = shortestPaths(appMachine, events);

  it('reaches every session state and every error state 0..3', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const session of ['loading', 'provisional', 'signedOut', 'delegate']) {
      expect([...reached].some((v) => v.includes(`"session":"${session}"`))).toBe(true);
    }
    expect([...reached].some((v) => v.includes('"ready":"current"'))).toBe(true);
    const errorStates = new Set(paths.map((p) => selectErrorState(p.state)));
    expect([...errorStates].sort()).toEqual([0, 1, 2, 3]);
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps its invariant after %s',
    (_name, path) => {
      const { state } = path;
      expect(state.context.user !== null).toBe(state.hasTag('initialised'));
      // A delegate holds the share, and never a user record (issue 88).
      expect(selectDelegating(state) !== null).toBe(state.hasTag('delegate'));
      expect(selectErrorState(state) > 1).toBe(state.hasTag('errorScreen'));
      // The error list is its own machine's (api-errors.machine.test.ts); error state 1 shows the banner.
      if (selectErrorState(state) === 1) expect(selectShowsIntegrationBanner(state)).toBe(true);
    },
  );

  it('the banner shows when there are more than 3 API errors', () => {
    const app = appActor();
    for (let i = 0; i < 3; i += 1)
      app.send({ type: 'app.apiFailed', message: 'Error retreiving data' });
    expect(selectShowsIntegrationBanner(app.getSnapshot())).toBe(false);
    app.send({ type: 'app.apiFailed', component: 'holds', message: 'Error retreiving data' });
    expect(selectShowsIntegrationBanner(app.getSnapshot())).toBe(true);
    expect(selectApiErrors(app.getSnapshot()).at(-1)).toEqual({
      type: 'api',
      component: 'holds',
      message: 'Error retreiving data',
    });
  });

  it('the banner shows for a banner error, or error state 1', () => {
    const withBannerError = appActor();
    withBannerError.send({ type: 'app.bannerError', message: 'Holds unavailable' });
    expect(selectShowsIntegrationBanner(withBannerError.getSnapshot())).toBe(true);
    const warned = appActor();
    warned.send({ type: 'app.integrationWarning' });
    expect(selectErrorState(warned.getSnapshot())).toBe(1);
    expect(selectShowsIntegrationBanner(warned.getSnapshot())).toBe(true);
  });

  it('error state 1 ends when the status check finds the integrations available again', () => {
    const warned = appActor();
    warned.send({ type: 'app.integrationWarning' });
    warned.send({ type: 'app.integrationsRestored' });
    expect(selectErrorState(warned.getSnapshot())).toBe(0);
    expect(selectShowsIntegrationBanner(warned.getSnapshot())).toBe(false);
  });

  it.each([
    ['a network error', new NetworkError(new TypeError('Failed to fetch')), 3],
    ['HTTP 502', new HttpStatusError(502, 'bad gateway'), 3],
    ['HTTP 503', new HttpStatusError(503, 'unavailable'), 3],
    ['HTTP 504', new HttpStatusError(504, 'timeout'), 3],
    [
      'a ky HTTP 503',
      new HTTPError(new Response(null, { status: 503 }), new Request('http://x/'), {} as never),
      3,
    ],
    ['HTTP 500', new HttpStatusError(500, 'broken'), 2],
    ['a broken answer', new Error('schema mismatch'), 2],
    ['a TypeError from code reading an answer', new TypeError('x is undefined'), 2],
  ])(
    'a route-guard failure sets error state 2, a network error or HTTP 502/503/504 sets 3: %s → %i',
    (_name, error, expected) => {
      const app = appActor();
      app.send({ type: 'app.guardFailed', error });
      expect(selectErrorState(app.getSnapshot())).toBe(expected);
    },
  );

  it('any call that finds the portal down sets error state 3, even over error state 2', () => {
    const app = appActor();
    app.send({ type: 'app.guardFailed', error: new HttpStatusError(500, 'broken') });
    app.send({ type: 'app.outage' });
    expect(selectErrorState(app.getSnapshot())).toBe(3);
    app.send({ type: 'app.retry' });
    expect(selectErrorState(app.getSnapshot())).toBe(0);
  });

  it('refreshes the roles once the user is loaded', async () => {
    const app = appActor(async () => ({
      primary_role: 'student',
      other_roles: ['student_worker'],
    }));
    app.send({ type: 'app.userLoaded', user: student });
    await new Promise((r) => setTimeout(r, 0));
    expect(app.getSnapshot().context.user?.other_roles).toEqual(['student_worker']);
  });

  it('a failed role refresh keeps the user and pushes an API error', async () => {
    const app = appActor(() => Promise.reject(new HttpStatusError(404, 'none')));
    app.send({ type: 'app.userLoaded', user: student });
    await new Promise((r) => setTimeout(r, 0));
    expect(app.getSnapshot().context.user).toEqual(student);
    expect(selectApiErrors(app.getSnapshot())).toEqual([
      { type: 'api', component: 'roles', message: 'Error retreiving data' },
    ]);
  });
});

describe('app machine: support viewing as a student (issue 73)', () => {
  it('while support views as the student, the roles refresh is not asked for: nothing is stored as them', async () => {
    let asked = 0;
    const machine = appMachine.provide({
      actors: {
        refreshRoles: fromPromise<Roles>(async () => {
          asked += 1;
          return { primary_role: 'student', other_roles: [] };
        }),
      },
    });
    const viewing = createActor(machine).start();
    viewing.send({
      type: 'app.userLoaded',
      user: {
        ...student,
        view_as: {
          name: 'Ana Valencia',
          ends_at: '2026-11-27T15:30:00.000Z',
          read_only: true,
          viewer_language: 'en',
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(0);
    const own = createActor(machine).start();
    own.send({ type: 'app.userLoaded', user: student });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
  });
});
