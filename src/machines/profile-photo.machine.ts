/**
 * The profile photo preference (portal.md §4: toggles between the ID photo and initials; §7 PATCH
 * /preferences/{pk}). The toggle saves the choice; only a saved choice counts: `reportSaved` hands the
 * server's preferences to the app machine's user record, from which every profile image reads, so the
 * toolbar, the cards and the Account page change at once. A failed save leaves the choice as it was
 * and says so (preference failures are only logged, §8).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Preferences } from '../../contract/preferences.schema.js';

export interface ProfilePhotoContext {
  failed: boolean;
  /** The last choice was saved: its status says what changed (issue 57). */
  saved: boolean;
}

export type ProfilePhotoEvent = { type: 'photo.set'; use: boolean };

export const profilePhotoMachine = setup({
  types: { context: {} as ProfilePhotoContext, events: {} as ProfilePhotoEvent },
  actors: {
    save: fromPromise<Preferences, { use: boolean }>(async () => {
      throw new Error('save is provided by the container');
    }),
  },
  actions: {
    reportSaved: (_, _preferences: Preferences) => {},
    logFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'profilePhoto',
  context: { failed: false, saved: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photo.set': { target: 'saving', actions: assign({ failed: false, saved: false }) },
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => ({ use: event.type === 'photo.set' && event.use }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ saved: true }),
            { type: 'reportSaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ failed: true }),
            {
              type: 'logFailure',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          ],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof profilePhotoMachine>;
export const selectPhotoSaving = (s: Snapshot) => s.hasTag('pending');
export const selectPhotoFailed = (s: Snapshot) => s.context.failed;
export const selectPhotoSaved = (s: Snapshot) => s.context.saved;
