// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { createElement, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { flashMachine } from '../../src/machines/flash.machine.js';
import {
  EVENT_LIMIT,
  inspection,
  observe,
  redact,
  watchSystem,
} from '../../src/inspector/observer.js';

const child = createMachine({ id: 'childOfParent', initial: 'waiting', states: { waiting: {} } });

describe('the inspector observer', () => {
  it('redacts names, emails, ids and message bodies, keeping only the allow-listed keys', () => {
    expect(
      redact({
        type: 'app.userLoaded',
        user: { first_name: 'Ana', email: 'a@example.edu' },
        id: '900000001',
        body: 'Your hold',
        source: 'footer',
      }),
    ).toEqual([
      ['user', 'redacted'],
      ['id', 'redacted'],
      ['body', 'redacted'],
      ['source', 'footer'],
    ]);
  });

  it('lists a running actor and its events, keeps the last 100, and drops a stopped actor', () => {
    const actor = createActor(flashMachine).start();
    watchSystem(actor);
    const listed = () => inspection.actors().filter((a) => a.ref === actor);
    expect(listed().map((a) => a.machine)).toEqual(['flash']);
    for (let i = 0; i < EVENT_LIMIT + 5; i++) {
      actor.send({ type: 'flash.push', message: { id: `secret-${i}`, message: `secret ${i}` } });
    }
    const events = inspection.events();
    expect(events).toHaveLength(EVENT_LIMIT);
    expect(events.at(-1)).toMatchObject({ type: 'flash.push', source: 'outside' });
    expect(JSON.stringify(events)).not.toContain('secret');
    actor.stop();
    expect(listed()).toEqual([]);
  });

  it("names an invoked child's parent, and forgets both once the root stops", () => {
    const parent = createMachine({ id: 'parentOfChild', invoke: { id: 'theChild', src: child } });
    const root = createActor(parent).start();
    watchSystem(root);
    const names = () => inspection.actors().map((a) => [a.id, a.parent]);
    expect(names()).toContainEqual(['theChild', 'parentOfChild']);
    root.stop();
    expect(names()).not.toContainEqual(['theChild', 'parentOfChild']);
    expect(names()).not.toContainEqual(['parentOfChild', null]);
  });

  it("lists a page's own actor while its page runs it and not once the page is gone, though @xstate/react puts its last snapshot back", () => {
    const listed = () => inspection.actors().filter((a) => a.machine === 'childOfParent');
    function Page() {
      useActorRef(child, { inspect: observe });
      return null;
    }
    // Strict mode as in development: a second actor made and never started, and the page's actor
    // started, stopped and started again.
    const page = render(createElement(StrictMode, null, createElement(Page)));
    expect(listed().map((a) => [a.id, a.parent])).toEqual([['childOfParent', null]]);
    const [actor] = listed();
    page.unmount();
    expect(listed()).toEqual([]);
    // Its own snapshot says active still: the observer goes by the stop it saw inspected.
    expect(actor?.ref.getSnapshot()).toMatchObject({ status: 'active' });
  });
});
