import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { drawUntilStill, notJson, snapshotsOf } from '../../src/ssr/stand-still.js';

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

describe('a server render draws until its page stands still (issue 75)', () => {
  /** A page whose first drawing starts one read, answered a turn of the loop later. */
  function pageWithOneRead() {
    let pending = 0;
    let changes = 0;
    let loaded = false;
    const drawn: string[] = [];
    return {
      drawn,
      render: {
        until: Date.now() + 60_000,
        busy: () => pending,
        changes: () => changes,
        draw: () => {
          const html = loaded ? '<p>Hello Ana</p>' : '<p>Loading…</p>';
          drawn.push(html);
          if (!loaded && pending === 0) {
            pending += 1;
            setImmediate(() => {
              pending -= 1;
              loaded = true;
              changes += 1;
            });
          }
          return html;
        },
      },
    };
  }

  it('the drawing after which nothing moved is sent, and no drawing is made only to confirm it', async () => {
    const page = pageWithOneRead();
    await expect(drawUntilStill(page.render)).resolves.toBe('<p>Hello Ana</p>');
    expect(page.drawn).toEqual(['<p>Loading…</p>', '<p>Hello Ana</p>']);
  });

  it('a page that moves after every drawing is given up after eight, and goes out undrawn', async () => {
    let changes = 0;
    const render = {
      until: Date.now() + 60_000,
      busy: () => 0,
      changes: () => changes,
      draw: () => {
        setImmediate(() => (changes += 1));
        return '<p>Again</p>';
      },
    };
    await expect(drawUntilStill(render)).rejects.toThrow('The server render did not stand still');
  });
});
