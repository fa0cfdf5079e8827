import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserPreference } from '../../contract/next-steps/choices.schema.js';
import { outcomeOf } from '../../src/lib/contact-changes.js';
import {
  selectChosenTopics,
  selectTopicsChanged,
  topicSavesMachine,
} from '../../src/machines/topic-saves.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const stored: UserPreference = { pk: 9, notifications: [1], updated_by_user_on: null };
const events = [
  { type: 'contact.toggleTopic', id: 2 },
  { type: 'contact.toggleTopic', id: 1 },
  { type: 'contact.saveTopics' },
  { type: 'xstate.done.actor.saveTopics', output: { ...stored, notifications: [1, 2] } },
  { type: 'xstate.done.actor.saveTopics', output: stored },
  { type: 'xstate.error.actor.saveTopics', error: new TypeError('network') },
];

function run(saveTopics: (n: number[]) => Promise<UserPreference>) {
  const topicsSent: number[][] = [];
  const logged: string[] = [];
  const failures: string[] = [];
  const actor = createActor(
    topicSavesMachine.provide({
      actors: {
        saveTopics: fromPromise(({ input }) => {
          topicsSent.push(input.notifications);
          return saveTopics(input.notifications);
        }),
      },
      actions: {
        logFailure: (_, { what }) => logged.push(what),
        reportSaveFailed: () => failures.push('failed'),
      },
    }),
    { input: { stored } },
  ).start();
  return { actor, topicsSent, logged, failures };
}
const settledOf = (actor: ReturnType<typeof run>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending'));
const answer = (n: number[]) => Promise.resolve({ ...stored, notifications: n });

describe('the notification topics’ saves', () => {
  const paths = shortestPaths(topicSavesMachine, events, { stored });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the boxes show what the store holds once a save failed, and only a saved tick says "Saved": %s',
    (_title, { state, steps }) => {
      const outcome = outcomeOf(state);
      if (outcome === 'failed') {
        expect(selectChosenTopics(state)).toEqual(state.context.stored.notifications);
      }
      if (outcome === 'saved') {
        expect(steps.at(-1)?.event.type).toBe('xstate.done.actor.saveTopics');
        expect(selectChosenTopics(state)).toEqual(state.context.stored.notifications);
      }
    },
  );

  it('one save model: a ticked topic is saved at once to the Next Steps record', async () => {
    const { actor, topicsSent } = run(answer);
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settledOf(actor);
    expect(topicsSent).toEqual([[1, 2]]);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
  });

  it('nothing waits for a save: a box ticked meanwhile is saved as soon as it ends', async () => {
    const answers: Array<() => void> = [];
    const { actor, topicsSent } = run(
      (n) =>
        new Promise((resolve) => answers.push(() => void resolve({ ...stored, notifications: n }))),
    );
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    actor.send({ type: 'contact.toggleTopic', id: 1 });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([2]);
    for (let i = 0; i < 2; i += 1) {
      await waitFor(actor, () => answers.length > 0);
      answers.shift()?.();
    }
    await settledOf(actor);
    expect(topicsSent).toEqual([[1, 2], [2]]);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
  });

  it('a failed settings save unticks the box it ticked: the box shows the saved state, says the change was not saved, and Try again sends the tick', async () => {
    let fail = true;
    const { actor, topicsSent, logged, failures } = run((n) =>
      fail ? Promise.reject(new TypeError('offline')) : answer(n),
    );
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    await settledOf(actor);
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1]);
    expect(outcomeOf(actor.getSnapshot())).toBe('failed');
    expect(selectTopicsChanged(actor.getSnapshot())).toBe(true);
    expect(logged).toEqual(['Saving the notification topics failed']);
    expect(failures).toEqual(['failed']);
    // Tried again and given up again: the box still shows what is saved.
    actor.send({ type: 'contact.saveTopics' });
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    await settledOf(actor);
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1]);
    expect(failures).toEqual(['failed', 'failed']);
    fail = false;
    actor.send({ type: 'contact.saveTopics' });
    await settledOf(actor);
    expect(topicsSent).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([1, 2]);
    expect(outcomeOf(actor.getSnapshot())).toBe('saved');
    expect(selectTopicsChanged(actor.getSnapshot())).toBe(false);
  });

  it('a box ticked after a failed save is a new change: it is saved at once, and the failed ticks are forgotten', async () => {
    let fail = true;
    const { actor, topicsSent } = run((n) =>
      fail ? Promise.reject(new TypeError('offline')) : answer(n),
    );
    actor.send({ type: 'contact.toggleTopic', id: 2 });
    await settledOf(actor);
    fail = false;
    actor.send({ type: 'contact.toggleTopic', id: 1 });
    await settledOf(actor);
    expect(topicsSent).toEqual([[1, 2], []]);
    expect(selectChosenTopics(actor.getSnapshot())).toEqual([]);
    expect(selectTopicsChanged(actor.getSnapshot())).toBe(false);
  });
});
