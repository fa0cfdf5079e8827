import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HttpStatusError } from '../src/api/errors.js';
import { appMachine, selectErrorState } from '../src/machines/app.machine.js';
import { createOutageRelay } from '../src/portal-shell.js';

describe('the outage relay', () => {
  it('an outage from any call sets error state 3', () => {
    const relay = createOutageRelay();
    const app = createActor(appMachine).start();
    relay.connect(app);
    relay.report(new HttpStatusError(404, 'not found'));
    expect(selectErrorState(app.getSnapshot())).toBe(0);
    relay.report(new HttpStatusError(503, 'maintenance'));
    expect(selectErrorState(app.getSnapshot())).toBe(3);
  });

  it('remembers an outage seen before the app started', () => {
    const relay = createOutageRelay();
    relay.report(new TypeError('Failed to fetch'));
    const app = createActor(appMachine).start();
    relay.connect(app);
    expect(selectErrorState(app.getSnapshot())).toBe(3);
  });
});
