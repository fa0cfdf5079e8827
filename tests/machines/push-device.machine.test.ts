import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  pushDeviceMachine,
  selectPushFailed,
  selectPushView,
} from '../../src/machines/push-device.machine.js';
import type { PushDeviceState } from '../../src/machines/push-device.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'push.turnOn' },
  { type: 'push.turnOff' },
  ...(['unsupported', 'homeScreenFirst', 'blocked', 'off', 'on'] as const).map((output) => ({
    type: 'xstate.done.actor.check',
    output,
  })),
  { type: 'xstate.error.actor.check', error: new Error('no worker') },
  ...(['on', 'blocked', 'off'] as const).map((output) => ({
    type: 'xstate.done.actor.turnOn',
    output,
  })),
  { type: 'xstate.error.actor.turnOn', error: new Error('500') },
  { type: 'xstate.done.actor.turnOff' },
  { type: 'xstate.error.actor.turnOff', error: new Error('500') },
];

describe('notifications on this device (web push) machine', () => {
  const paths = shortestPaths(pushDeviceMachine, events);

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'shows what the browser last said, changing only while a change is under way, and a failure only after one: %s',
    (_title, { state, steps }) => {
      const last = steps.at(-1)?.event as { type: string; output?: string } | undefined;
      const view = selectPushView(state);
      if (!last) expect(view).toBe('checking');
      else if (last.type === 'push.turnOn' || last.type === 'push.turnOff') {
        expect(view).toBe('changing');
      } else if (last.type.startsWith('xstate.done.actor.check')) expect(view).toBe(last.output);
      else if (last.type === 'xstate.done.actor.turnOn') expect(view).toBe(last.output);
      else if (last.type === 'xstate.done.actor.turnOff') expect(view).toBe('off');
      const failed = selectPushFailed(state);
      if (last?.type === 'xstate.error.actor.turnOn') expect([view, failed]).toEqual(['off', 'on']);
      else if (last?.type === 'xstate.error.actor.turnOff') {
        expect([view, failed]).toEqual(['on', 'off']);
      } else if (last?.type === 'xstate.error.actor.check') {
        expect([view, failed]).toEqual(['off', 'check']);
      } else expect(failed).toBeNull();
    },
  );

  function device(
    found: PushDeviceState,
    answers: { on?: 'on' | 'blocked' | 'off'; fail?: boolean },
  ) {
    const calls: string[] = [];
    const logged: unknown[] = [];
    const actor = createActor(
      pushDeviceMachine.provide({
        actors: {
          check: fromPromise(async () => found),
          turnOn: fromPromise(async () => {
            calls.push('on');
            if (answers.fail) throw new Error('refused');
            return answers.on ?? 'on';
          }),
          turnOff: fromPromise(async () => {
            calls.push('off');
            if (answers.fail) throw new Error('refused');
          }),
        },
        actions: { logFailure: (_, error) => logged.push(error) },
      }),
    ).start();
    return { actor, calls, logged };
  }

  it('a device that is off turns on, then off again, each change asked of the browser once', async () => {
    const { actor, calls } = device('off', {});
    await waitFor(actor, (s) => selectPushView(s) === 'off');
    actor.send({ type: 'push.turnOn' });
    await waitFor(actor, (s) => selectPushView(s) === 'on');
    actor.send({ type: 'push.turnOff' });
    await waitFor(actor, (s) => selectPushView(s) === 'off');
    expect(calls).toEqual(['on', 'off']);
  });

  it('refusing the browser permission leaves the device blocked, where no change is offered', async () => {
    const { actor, calls } = device('off', { on: 'blocked' });
    await waitFor(actor, (s) => selectPushView(s) === 'off');
    actor.send({ type: 'push.turnOn' });
    await waitFor(actor, (s) => selectPushView(s) === 'blocked');
    actor.send({ type: 'push.turnOn' });
    expect(calls).toEqual(['on']);
  });

  it('a browser without push is unsupported for good', async () => {
    const { actor } = device('unsupported', {});
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectPushView(actor.getSnapshot())).toBe('unsupported');
  });

  it('on iPhone or iPad Safari outside the Home Screen, the control asks to add the portal to the Home Screen first, for good', async () => {
    const { actor, calls } = device('homeScreenFirst', { on: 'on' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectPushView(actor.getSnapshot())).toBe('homeScreenFirst');
    actor.send({ type: 'push.turnOn' });
    expect(calls).toEqual([]);
  });

  it('a change that fails leaves the device as it was, says which failed and logs it', async () => {
    const { actor, logged } = device('on', { fail: true });
    await waitFor(actor, (s) => selectPushView(s) === 'on');
    actor.send({ type: 'push.turnOff' });
    await waitFor(actor, (s) => selectPushFailed(s) === 'off');
    expect(selectPushView(actor.getSnapshot())).toBe('on');
    expect(logged).toHaveLength(1);
  });

  it('without its calls provided by the container, the check fails and the device shows off', async () => {
    const actor = createActor(pushDeviceMachine).start();
    await waitFor(actor, (s) => selectPushFailed(s) === 'check');
    expect(selectPushView(actor.getSnapshot())).toBe('off');
  });
});
