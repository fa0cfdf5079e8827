import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { InstallOutcome } from '../../src/lib/install-offer.js';
import {
  installAppMachine,
  selectInstallFailed,
  selectInstallView,
} from '../../src/machines/install-app.machine.js';
import type { InstallAppEvent, InstallCheck } from '../../src/machines/install-app.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'install.start' },
  { type: 'install.offered' },
  { type: 'install.installed' },
  ...(['available', 'standalone', 'homeScreen', 'unavailable'] as const).map((output) => ({
    type: 'xstate.done.actor.check',
    output,
  })),
  { type: 'xstate.error.actor.check', error: new Error('no matchMedia') },
  ...(['accepted', 'dismissed'] as const).map((output) => ({
    type: 'xstate.done.actor.prompt',
    output,
  })),
  { type: 'xstate.error.actor.prompt', error: new Error('prompt() may only be called once') },
];

describe('"Install the app" machine', () => {
  const paths = shortestPaths(installAppMachine, events);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set([
        'starting',
        'unavailable',
        'available',
        'prompting',
        'installed',
        'standalone',
        'homeScreen',
      ]),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'offers the install only while the browser offers it, prompts only on the press, and after the answer shows installed or the offer again: %s',
    (_title, { state, steps }) => {
      const types = steps.map((s) => s.event.type);
      const last = steps.at(-1)?.event as { type: string; output?: string } | undefined;
      const view = selectInstallView(state);
      // Never prompt unasked: the browser's dialog opens only right after the person's press.
      if (view === 'prompting') expect(last?.type).toBe('install.start');
      if (types.includes('install.installed') || last?.output === 'accepted') {
        // Once installed, nothing is offered again.
        expect(view).toBe('installed');
      }
      if (last?.type === 'xstate.done.actor.prompt' && last.output === 'dismissed') {
        expect(view).toBe('available');
      }
      if (last?.type === 'xstate.done.actor.check') {
        const shown: Record<InstallCheck, string> = {
          available: 'available',
          standalone: 'hidden',
          homeScreen: 'homeScreen',
          unavailable: 'hidden',
        };
        expect(view).toBe(shown[last.output as InstallCheck]);
      }
      if (last?.type === 'install.offered' && types.at(-2) === 'xstate.done.actor.check') {
        expect(view).toBe('available');
      }
      // "Could not be shown" after a prompt that failed, until the next press.
      const lastPromptStep = types.findLast(
        (t) => t === 'install.start' || t.endsWith('.actor.prompt'),
      );
      expect(selectInstallFailed(state)).toBe(lastPromptStep === 'xstate.error.actor.prompt');
    },
  );

  function browser(found: InstallCheck, answer: InstallOutcome | 'fails') {
    const prompts: string[] = [];
    const logged: unknown[] = [];
    const actor = createActor(
      installAppMachine.provide({
        actors: {
          check: fromPromise(async () => found),
          prompt: fromPromise(async () => {
            prompts.push('prompt');
            if (answer === 'fails') throw new Error('no offer kept');
            return answer;
          }),
        },
        actions: { logFailure: (_, error) => logged.push(error) },
      }),
    ).start();
    const send = (event: InstallAppEvent) => actor.send(event);
    return { actor, prompts, logged, send };
  }

  it('with an offer, the browser prompts only when the person presses Install, and accepting installs', async () => {
    const { actor, prompts } = browser('available', 'accepted');
    await waitFor(actor, (s) => selectInstallView(s) === 'available');
    expect(prompts).toEqual([]);
    actor.send({ type: 'install.start' });
    await waitFor(actor, (s) => selectInstallView(s) === 'installed');
    expect(prompts).toEqual(['prompt']);
  });

  it('dismissing the prompt leaves the offer in place, and a press while the dialog is open asks nothing more', async () => {
    const { actor, prompts } = browser('available', 'dismissed');
    await waitFor(actor, (s) => selectInstallView(s) === 'available');
    actor.send({ type: 'install.start' });
    actor.send({ type: 'install.start' });
    await waitFor(actor, (s) => selectInstallView(s) === 'available');
    expect(prompts).toEqual(['prompt']);
  });

  it('a late offer shows the action, and the browser installing the portal from its own menu hides it', async () => {
    const { actor, send, prompts } = browser('unavailable', 'accepted');
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(selectInstallView(actor.getSnapshot())).toBe('hidden');
    send({ type: 'install.offered' });
    expect(selectInstallView(actor.getSnapshot())).toBe('available');
    send({ type: 'install.installed' });
    expect(selectInstallView(actor.getSnapshot())).toBe('installed');
    expect(prompts).toEqual([]);
  });

  it('a prompt the browser will not show keeps the action, says so and logs it', async () => {
    const { actor, logged } = browser('available', 'fails');
    await waitFor(actor, (s) => selectInstallView(s) === 'available');
    actor.send({ type: 'install.start' });
    await waitFor(actor, (s) => selectInstallFailed(s));
    expect(selectInstallView(actor.getSnapshot())).toBe('available');
    expect(logged).toHaveLength(1);
  });

  it('already running as the installed app, nothing is offered, even if an offer comes', async () => {
    const { actor, send } = browser('standalone', 'accepted');
    await waitFor(actor, (s) => s.status === 'done');
    send({ type: 'install.offered' });
    expect(selectInstallView(actor.getSnapshot())).toBe('hidden');
  });

  it('without its calls provided by the container, nothing is offered and the failure is logged', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      installAppMachine.provide({ actions: { logFailure: (_, e) => logged.push(e) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(selectInstallView(actor.getSnapshot())).toBe('hidden');
    expect(logged).toHaveLength(1);
  });
});
