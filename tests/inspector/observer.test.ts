import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flashMachine } from '../../src/machines/flash.machine.js';
import { EVENT_LIMIT, inspection, redact, watchSystem } from '../../src/inspector/observer.js';

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
});
