/**
 * The modal (portal.md §4 Modal, §8 provisional-account modal): visible when a modal content key
 * exists (nothing in the portal sets modal_visible without one). Once the user is known the app
 * loads the profile data. A
 * provisional account opens the provisional modal, which takes priority over a post modal; a post
 * modal closes through its close button (clearing the key and hiding); a key with no matching post
 * renders nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ModalPost } from '../../contract/modal-post.schema.js';
import type { UserProfile } from '../../contract/profile.schema.js';

export interface ModalContext {
  contentKey: string | null;
  post: ModalPost | null;
  profile: UserProfile | null;
}

export type ModalEvent =
  | { type: 'modal.userReady' }
  | { type: 'modal.provisional' }
  | { type: 'modal.open'; key: string }
  | { type: 'modal.close' };

export const modalMachine = setup({
  types: { context: {} as ModalContext, events: {} as ModalEvent },
  actors: {
    loadProfile: fromPromise<UserProfile | null>(async () => {
      throw new Error('loadProfile is provided by the composition root');
    }),
    findPost: fromPromise<ModalPost | null, { key: string }>(async () => {
      throw new Error('findPost is provided by the composition root');
    }),
  },
  guards: {
    hasPost: (_, post: ModalPost | null) => post !== null,
  },
}).createMachine({
  id: 'modal',
  type: 'parallel',
  context: { contentKey: null, post: null, profile: null },
  states: {
    profile: {
      initial: 'waiting',
      states: {
        waiting: { on: { 'modal.userReady': 'loading' } },
        loading: {
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
            // Profile failures are only logged (portal.md §8): the modal works without it.
            onError: 'failed',
          },
        },
        loaded: {},
        failed: {},
      },
    },
    dialog: {
      initial: 'hidden',
      on: { 'modal.provisional': '.provisional' },
      states: {
        hidden: {
          on: {
            'modal.open': {
              target: 'post',
              actions: assign({ contentKey: ({ event }) => event.key }),
            },
          },
        },
        provisional: { tags: ['visible', 'provisional'] },
        post: {
          initial: 'loading',
          on: {
            'modal.close': {
              target: 'hidden',
              actions: assign({ contentKey: null, post: null }),
            },
            'modal.open': {
              target: 'post',
              reenter: true,
              actions: assign({ contentKey: ({ event }) => event.key, post: null }),
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'findPost',
                src: 'findPost',
                input: ({ context }) => ({ key: context.contentKey ?? '' }),
                onDone: [
                  {
                    guard: { type: 'hasPost', params: ({ event }) => event.output },
                    target: 'shown',
                    actions: assign({ post: ({ event }) => event.output }),
                  },
                  { target: 'missing' },
                ],
                onError: 'missing',
              },
            },
            shown: { tags: ['visible'] },
            // A key with no matching post renders nothing.
            missing: {},
          },
        },
      },
    },
  },
});

type ModalSnapshot = SnapshotFrom<typeof modalMachine>;

/** What the overlay shows: the provisional modal, a post, or nothing. */
export function selectModal(
  snapshot: ModalSnapshot,
): { kind: 'provisional' } | { kind: 'post'; post: ModalPost } | null {
  if (snapshot.hasTag('provisional')) return { kind: 'provisional' };
  const { post } = snapshot.context;
  return snapshot.hasTag('visible') && post ? { kind: 'post', post } : null;
}
