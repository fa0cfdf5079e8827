import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { ModalPost } from '../../../contract/modal-post.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { student } from '../../machines/fixtures.js';
import { expectEveryStateChecked, screenPaths } from './model-helpers.js';
import { renderPortal } from './render-portal.js';

/** portal.md §4 Modal and §8 provisional-account modal, as the user sees them. */
const modalScreen = createMachine({
  id: 'modalScreen',
  initial: 'closed',
  states: {
    closed: { on: { 'open.signedIn': 'noModal', 'open.provisional': 'provisional' } },
    noModal: { on: { 'post.open': 'post', 'post.openUnknown': 'nothingForUnknownKey' } },
    post: { on: { 'post.close': 'closedAfterPost' } },
    closedAfterPost: {},
    nothingForUnknownKey: {},
    provisional: { on: { 'post.open': 'provisionalOverPost' } },
    provisionalOverPost: {},
  },
});

const welcome: ModalPost = {
  slug: 'welcome',
  title: 'Welcome back',
  body: '<p>Classes start Monday.</p>',
  action_link: 'https://www.example.edu/welcome',
};

function harness() {
  let view: ReturnType<typeof renderPortal> | null = null;
  const profileLoads: number[] = [];
  const open = async (result: UserResult) => {
    view = renderPortal('/', async () => result, {
      services: {
        findPost: async (key) => (key === welcome.slug ? welcome : null),
        loadProfile: async () => {
          profileLoads.push(1);
          return null;
        },
      },
    });
    await screen.findByRole('contentinfo');
  };
  const noDialog = () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const provisional = async () => {
    const dialog = await screen.findByRole('dialog', {
      name: 'Please log in with your Odin account',
    });
    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/logout',
    );
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  };
  const states = {
    closed: () => {},
    noModal: async () => {
      await screen.findByText('Hello Ana');
      noDialog();
      // On creation (the user known), the app loads the profile data.
      await waitFor(() => expect(profileLoads).toEqual([1]));
    },
    post: async () => {
      expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
        'href',
        welcome.action_link,
      );
    },
    closedAfterPost: async () => {
      await waitFor(noDialog);
      expect(view?.modal.getSnapshot().context).toMatchObject({ contentKey: null, post: null });
    },
    nothingForUnknownKey: async () => {
      await waitFor(() => expect(view?.modal.getSnapshot().context.contentKey).toBe('missing'));
      noDialog();
    },
    provisional,
    provisionalOverPost: provisional,
  };
  const events = {
    'open.signedIn': () => open({ kind: 'user', user: student }),
    'open.provisional': () => open({ kind: 'provisional' }),
    'post.open': () => void view?.modal.send({ type: 'modal.open', key: 'welcome' }),
    'post.openUnknown': () => void view?.modal.send({ type: 'modal.open', key: 'missing' }),
    'post.close': () => void fireEvent.click(screen.getByRole('button', { name: 'Close' })),
  };
  return { states, events };
}

describe('the modal, as the user sees it', () => {
  it('checks every state of the model', () => {
    expectEveryStateChecked(modalScreen, harness().states);
  });

  it.each(screenPaths(modalScreen))('%s', async (_title, path) => {
    await path.test(harness());
  });
});
