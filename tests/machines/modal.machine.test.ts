import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ModalPost } from '../../contract/modal-post.schema.js';
import type { UserProfile } from '../../contract/profile.schema.js';
import { modalMachine, selectModal } from '../../src/machines/modal.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const post: ModalPost = { slug: 'welcome', title: 'Welcome', body: '<p>Hi</p>' };
const profile: UserProfile = {
  pk: 1,
  nine_number: '900000001',
  sms_number: null,
  role_acknowledged_on: null,
};

const events = [
  { type: 'modal.userReady' },
  { type: 'modal.provisional' },
  { type: 'modal.open', key: 'welcome' },
  { type: 'modal.close' },
  { type: 'xstate.done.actor.loadProfile', output: profile },
  { type: 'xstate.error.actor.loadProfile', error: new Error('404') },
  { type: 'xstate.done.actor.findPost', output: post },
  { type: 'xstate.done.actor.findPost', output: null },
  { type: 'xstate.error.actor.findPost', error: new Error('404') },
];

function modalActor(posts: ModalPost[]) {
  const loaded: string[] = [];
  const actor = createActor(
    modalMachine.provide({
      actors: {
        loadProfile: fromPromise(
          async (): Promise<UserProfile | null> => (loaded.push('profile'), profile),
        ),
        findPost: fromPromise(async ({ input }) => posts.find((p) => p.slug === input.key) ?? null),
      },
    }),
  ).start();
  return { actor, loaded };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('modal machine', () => {
  const paths = shortestPaths(modalMachine, events);

  it('reaches hidden, provisional, a shown post and a missing post', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const dialog of ['"hidden"', '"provisional"', '"shown"', '"missing"']) {
      expect([...reached].some((v) => v.includes(dialog))).toBe(true);
    }
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'keeps its invariant after %s',
    (_name, { state }) => {
      const shown = selectModal(state);
      const { context } = state;
      // The provisional modal takes priority over a post modal.
      if (state.hasTag('provisional')) expect(shown).toEqual({ kind: 'provisional' });
      if (shown?.kind === 'post') {
        expect(shown.post.slug).toBe(context.contentKey);
      }
      if (state.matches({ dialog: 'hidden' })) {
        expect(context.contentKey).toBeNull();
        expect(shown).toBeNull();
      }
    },
  );

  it('loads the profile data once the user is known', async () => {
    const { actor, loaded } = modalActor([]);
    expect(loaded).toEqual([]);
    actor.send({ type: 'modal.userReady' });
    await settle();
    expect(loaded).toEqual(['profile']);
    expect(actor.getSnapshot().context.profile).toEqual(profile);
  });

  it('a provisional account opens the provisional modal, which takes priority over a post modal', async () => {
    const { actor } = modalActor([post]);
    actor.send({ type: 'modal.open', key: 'welcome' });
    await settle();
    expect(selectModal(actor.getSnapshot())).toEqual({ kind: 'post', post });
    actor.send({ type: 'modal.provisional' });
    expect(selectModal(actor.getSnapshot())).toEqual({ kind: 'provisional' });
    actor.send({ type: 'modal.open', key: 'welcome' });
    actor.send({ type: 'modal.close' });
    expect(selectModal(actor.getSnapshot())).toEqual({ kind: 'provisional' });
  });

  it('a post modal closes through its close button, which clears the key and hides it', async () => {
    const { actor } = modalActor([post]);
    actor.send({ type: 'modal.open', key: 'welcome' });
    await settle();
    actor.send({ type: 'modal.close' });
    expect(selectModal(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ contentKey: null, post: null });
  });

  it('a post modal with no matching post renders nothing', async () => {
    const { actor } = modalActor([post]);
    actor.send({ type: 'modal.open', key: 'no-such-post' });
    await settle();
    expect(actor.getSnapshot().context.contentKey).toBe('no-such-post');
    expect(selectModal(actor.getSnapshot())).toBeNull();
  });

  it('without the calls provided by the composition root, the profile stays unknown and a post renders nothing', async () => {
    const actor = createActor(modalMachine).start();
    actor.send({ type: 'modal.userReady' });
    actor.send({ type: 'modal.open', key: 'welcome' });
    await settle();
    expect(actor.getSnapshot().matches({ profile: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(actor.getSnapshot().matches({ dialog: { post: 'missing' } })).toBe(true);
    expect(selectModal(actor.getSnapshot())).toBeNull();
  });
});
