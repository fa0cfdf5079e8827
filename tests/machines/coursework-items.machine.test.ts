import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Coursework, CourseworkItem } from '../../contract/coursework.schema.js';
import {
  courseworkItemsMachine,
  selectCoursework,
  selectFailedId,
  selectSavingId,
} from '../../src/machines/coursework-items.machine.js';
import type { DoneChange } from '../../src/machines/coursework-items.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const item = (done: boolean): CourseworkItem => ({
  id: 'event-assignment-99812@2026-10-30T06:59:00.000Z',
  title: 'Essay 2',
  course: 'ENGL 101',
  due: '2026-10-30T06:59:00.000Z',
  all_day: false,
  link: 'https://canvas.campus.example.edu/courses/4021/assignments/99812',
  source: 'canvas',
  current: true,
  done,
});
const coursework = (done: boolean): Coursework => ({
  feed: {
    state: 'connected',
    masked: 'https://canvas.campus.example.edu/…k3Yz',
    source: 'canvas',
    status: 'current',
    read_at: '2026-10-25T12:00:00.000Z',
  },
  items: [item(done)],
});
const ID = item(false).id;

const events = [
  { type: 'xstate.done.actor.fetchCoursework', output: coursework(false) },
  { type: 'xstate.error.actor.fetchCoursework', error: new Error('503') },
  { type: 'coursework.retry' },
  { type: 'coursework.setDone', id: ID, done: true },
  { type: 'coursework.setDone', id: ID, done: false },
  { type: 'coursework.setDone', id: 'not-in-the-list', done: true },
  { type: 'xstate.done.actor.saveDone', output: coursework(true) },
  { type: 'xstate.done.actor.saveDone', output: coursework(false) },
  { type: 'xstate.error.actor.saveDone', error: new Error('503') },
];

describe('courseworkItems machine paths', () => {
  const paths = shortestPaths(courseworkItemsMachine, events);

  it('reaches loading, failed, ready and saving', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"loading"', '"failed"', '{"ready":"idle"}', '{"ready":"saving"}']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'an item is saving exactly while its change is on its way, and only an item the list holds: %s',
    (_title, { state }) => {
      expect(selectSavingId(state) !== null).toBe(state.matches({ ready: 'saving' }));
      const saving = selectSavingId(state);
      if (saving !== null) {
        expect(selectCoursework(state)?.items.some((i) => i.id === saving)).toBe(true);
      }
      expect(state.hasTag('loading')).toBe(state.matches('loading'));
    },
  );
});

function started(setDone: (change: DoneChange) => Promise<Coursework>) {
  const actor = createActor(
    courseworkItemsMachine.provide({
      actors: {
        fetchCoursework: fromPromise(async () => coursework(false)),
        saveDone: fromPromise(({ input }: { input: DoneChange }) => setDone(input)),
      },
    }),
  ).start();
  return actor;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('courseworkItems behaviour', () => {
  it('next-steps.md §4 "Local state changes only after the server call succeeds": Mark done shows done once kept', async () => {
    let keep: (c: Coursework) => void = () => {};
    const sent: DoneChange[] = [];
    const actor = started(
      (change) =>
        new Promise((resolve) => {
          sent.push(change);
          keep = resolve;
        }),
    );
    await settle();
    actor.send({ type: 'coursework.setDone', id: ID, done: true });
    expect(sent).toEqual([{ id: ID, done: true }]);
    expect(selectSavingId(actor.getSnapshot())).toBe(ID);
    expect(selectCoursework(actor.getSnapshot())?.items[0]?.done).toBe(false);
    keep(coursework(true));
    await settle();
    expect(selectSavingId(actor.getSnapshot())).toBeNull();
    expect(selectCoursework(actor.getSnapshot())?.items[0]?.done).toBe(true);
  });

  it('a change that fails leaves the item as it was and names it, until the next change', async () => {
    const actor = started(async () => Promise.reject(new Error('503')));
    await settle();
    actor.send({ type: 'coursework.setDone', id: ID, done: true });
    await settle();
    expect(selectFailedId(actor.getSnapshot())).toBe(ID);
    expect(selectCoursework(actor.getSnapshot())?.items[0]?.done).toBe(false);
    actor.send({ type: 'coursework.setDone', id: ID, done: true });
    expect(selectFailedId(actor.getSnapshot())).toBeNull();
  });

  it('asks nothing for an item it does not hold, nor to mark done one already done', async () => {
    const sent: DoneChange[] = [];
    const actor = started(async (change) => {
      sent.push(change);
      return coursework(false);
    });
    await settle();
    actor.send({ type: 'coursework.setDone', id: 'not-in-the-list', done: true });
    actor.send({ type: 'coursework.setDone', id: ID, done: false });
    expect(sent).toEqual([]);
  });
});
