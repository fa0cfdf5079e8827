import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appUpdateMachine } from '../../../src/machines/app-update.machine.js';
import { connectionMachine } from '../../../src/machines/connection.machine.js';
import { OfflineNoticeSlot, UpdateNoticeSlot } from '../../../src/pages/shared/worker-notices.js';

describe('the app worker’s notices in the frame', () => {
  it('the offline band says when what is kept was current on the campus clock, offers Reload once the server answers again, and Dismiss empties it', async () => {
    const connection = createActor(connectionMachine).start();
    render(<OfflineNoticeSlot connection={connection} timeZone="America/Los_Angeles" />);
    act(() => connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Offline — showing what you saw at 9:41\sAM$/,
    );
    act(() => connection.send({ type: 'answer.fresh' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^You’re back online\./);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(connection.getSnapshot().value).toBe('online');
    // The region stays, empty, so the next notice is announced.
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a new version is offered only while it waits: Later hides it, Reload disables both buttons as the page switches', async () => {
    const appUpdate = createActor(appUpdateMachine).start();
    render(<UpdateNoticeSlot appUpdate={appUpdate} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => appUpdate.send({ type: 'update.ready' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => appUpdate.send({ type: 'update.ready' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled();
  });
});
