import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { notJson, snapshotsOf } from '../../src/ssr/stand-still.js';

describe('the snapshots a drawn page carries (issue 75)', () => {
  it('names where a value would not arrive whole as JSON: a Map, a Date, a function, a gap in a list, a number JSON has not', () => {
    expect(notJson({ a: [1, 'two', null, { b: true }], c: undefined }, 's')).toBeNull();
    expect(notJson({ courses: new Map([['1', {}]]) }, 's')).toBe('s.courses');
    expect(notJson({ at: [{ when: new Date(0) }] }, 's')).toBe('s.at[0].when');
    expect(notJson({ read: () => 1 }, 's')).toBe('s.read');
    expect(notJson({ list: [1, undefined] }, 's')).toBe('s.list[1]');
    expect(notJson({ share: Number.NaN }, 's')).toBe('s.share');
    expect(notJson(Object.create(null) as object, 's')).toBeNull();
  });

  it('a machine whose context JSON would change fails the render, naming its place, rather than send a snapshot the browser could not start from', () => {
    const machine = setup({ types: { context: {} as { courses: unknown } } }).createMachine({
      context: { courses: {} },
      on: {
        read: { actions: assign({ courses: () => new Map([['10234', { title: 'Biology' }]]) }) },
      },
    });
    const plain = createActor(machine).start();
    const mapped = createActor(machine).start();
    mapped.send({ type: 'read' });
    expect(snapshotsOf(new Map([['«r1»', plain]]))['«r1»']).toMatchObject({
      context: { courses: {} },
    });
    expect(() => snapshotsOf(new Map([['«r2»', mapped]]))).toThrow(
      'The actor at «r2» holds what JSON does not carry: snapshot.context.courses',
    );
  });
});
