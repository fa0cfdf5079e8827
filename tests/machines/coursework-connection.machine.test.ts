import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Coursework } from '../../contract/coursework.schema.js';
import {
  courseworkConnectionMachine,
  selectCourseworkStatus,
} from '../../src/machines/coursework-connection.machine.js';
import type { CourseworkRequest } from '../../src/machines/coursework-connection.machine.js';
import { pathTitle, shortestPaths } from './paths.js';
import { said } from './said.js';

const feed = (status: 'current' | 'stale' | 'broken'): Coursework => ({
  // The campus has Canvas set up: a student with a feed may connect Canvas instead.
  canvas_available: true,
  feed: {
    state: 'connected',
    masked: 'https://canvas.campus.example.edu/…k3Yz',
    source: 'canvas',
    status,
    read_at: '2026-10-25T12:00:00.000Z',
  },
  items: [],
});
const none: Coursework = { feed: { state: 'none' }, items: [] };
/** The campus has Canvas set up: "Connect Canvas" is offered. */
const noneWithCanvas: Coursework = { feed: { state: 'none' }, canvas_available: true, items: [] };
const CANVAS_AUTHORIZE = 'https://canvas.campus.example.edu/login/oauth2/auth?state=s';
const refused = Object.assign(new Error('The calendar feed address must start with https://.'), {
  name: 'CourseworkRefusedError',
});

const events = [
  { type: 'xstate.done.actor.load', output: none },
  { type: 'xstate.done.actor.load', output: noneWithCanvas },
  { type: 'xstate.done.actor.load', output: feed('current') },
  { type: 'xstate.done.actor.load', output: feed('broken') },
  { type: 'xstate.error.actor.load', error: new Error('500') },
  { type: 'coursework.retry' },
  {
    type: 'coursework.add',
    address: 'https://canvas.campus.example.edu/feeds/calendars/user_x.ics',
  },
  { type: 'coursework.add', address: '   ' },
  { type: 'coursework.refresh' },
  { type: 'coursework.remove' },
  { type: 'xstate.done.actor.send', output: feed('current') },
  { type: 'xstate.done.actor.send', output: feed('stale') },
  { type: 'xstate.done.actor.send', output: feed('broken') },
  { type: 'xstate.done.actor.send', output: none },
  { type: 'xstate.error.actor.send', error: refused },
  { type: 'xstate.error.actor.send', error: new Error('503') },
  { type: 'coursework.connectCanvas' },
  { type: 'xstate.done.actor.connect', output: CANVAS_AUTHORIZE },
  { type: 'xstate.error.actor.connect', error: new Error('503') },
];

describe('coursework connection machine', () => {
  const paths = shortestPaths(courseworkConnectionMachine, events);

  it('reaches every state of the connection: not connected, reading, connecting, current, stale, broken', () => {
    expect(new Set(paths.map((p) => selectCourseworkStatus(p.state)))).toEqual(
      new Set([
        'loading',
        'error',
        'notConnected',
        'reading',
        'connecting',
        'current',
        'stale',
        'broken',
      ]),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the state shown is the one the server last answered, and an empty paste sends nothing: %s',
    (_title, path) => {
      const status = selectCourseworkStatus(path.state);
      const { coursework, request } = path.state.context;
      const shownFeed = coursework?.feed;
      if (status === 'notConnected') expect(shownFeed?.state).toBe('none');
      if (status === 'current' || status === 'stale' || status === 'broken') {
        expect(shownFeed).toMatchObject({ state: 'connected', status });
      }
      if (status === 'reading') {
        expect(request).not.toBeNull();
        if (request?.kind === 'add') expect(request.address).not.toBe('');
      } else expect(request).toBeNull();
      // Canvas is offered only where the campus has it set up.
      if (status === 'connecting') expect(coursework?.canvas_available).toBe(true);
    },
  );

  it('Connect Canvas asks the server where to go and leaves for it; where the campus has no Canvas, it does nothing', async () => {
    const visited: string[] = [];
    const start = (answer: Coursework) =>
      createActor(
        courseworkConnectionMachine.provide({
          actors: {
            load: fromPromise<Coursework>(async () => answer),
            connect: fromPromise<string>(async () => CANVAS_AUTHORIZE),
          },
          actions: { goToCanvas: (_, url) => visited.push(url) },
        }),
      ).start();
    const without = start(none);
    await new Promise((r) => setTimeout(r, 0));
    without.send({ type: 'coursework.connectCanvas' });
    expect(selectCourseworkStatus(without.getSnapshot())).toBe('notConnected');
    const withCanvas = start(noneWithCanvas);
    await new Promise((r) => setTimeout(r, 0));
    withCanvas.send({ type: 'coursework.connectCanvas' });
    expect(selectCourseworkStatus(withCanvas.getSnapshot())).toBe('connecting');
    await new Promise((r) => setTimeout(r, 0));
    expect(visited).toEqual([CANVAS_AUTHORIZE]);
    // Leaving for Canvas, nothing more is sent from the page.
    withCanvas.send({ type: 'coursework.refresh' });
    expect(selectCourseworkStatus(withCanvas.getSnapshot())).toBe('connecting');
  });

  it('a Connect Canvas the server cannot begin says so and leaves the connection as it was', async () => {
    const actor = createActor(
      courseworkConnectionMachine.provide({
        actors: {
          load: fromPromise<Coursework>(async () => noneWithCanvas),
          connect: fromPromise<string>(async () => {
            throw new Error('503');
          }),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'coursework.connectCanvas' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('notConnected');
    expect(said(actor.getSnapshot().context.problem)).toBe('That did not work. Please try again.');
  });

  it('a refused paste says why and leaves the connection as it was', async () => {
    const sent: CourseworkRequest[] = [];
    const actor = createActor(
      courseworkConnectionMachine.provide({
        actors: {
          load: fromPromise<Coursework>(async () => feed('broken')),
          send: fromPromise<Coursework, CourseworkRequest>(async ({ input }) => {
            sent.push(input);
            throw refused;
          }),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('broken');
    actor.send({ type: 'coursework.add', address: ' http://canvas.campus.example.edu/x.ics ' });
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('reading');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ kind: 'add', address: 'http://canvas.campus.example.edu/x.ics' }]);
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('broken');
    expect(actor.getSnapshot().context.problem).toBe(refused.message);
  });

  it('a failed load is reported once, and a retry loads again', async () => {
    const reported: unknown[] = [];
    let calls = 0;
    const actor = createActor(
      courseworkConnectionMachine.provide({
        actors: {
          load: fromPromise<Coursework>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('down');
            return none;
          }),
        },
        actions: { reportFailure: (_, error) => reported.push(error) },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('error');
    expect(reported).toHaveLength(1);
    actor.send({ type: 'coursework.retry' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectCourseworkStatus(actor.getSnapshot())).toBe('notConnected');
  });
});
