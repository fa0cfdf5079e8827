import { describe, expect, it, vi } from 'vitest';
import { announceSignOut, onSignOutAnnounced } from '../../src/lib/session-channel.js';

describe('the sign-out broadcast (issue 87)', () => {
  it('another tab hears that the session is over; the tab that says it does not hear itself', async () => {
    const heardHere = vi.fn();
    onSignOutAnnounced(heardHere);
    const otherTab = new BroadcastChannel('portal-session');
    const heardThere = new Promise((resolve) => {
      otherTab.addEventListener('message', (event: MessageEvent) => resolve(event.data));
    });
    announceSignOut();
    expect(await heardThere).toBe('signed-out');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardHere).not.toHaveBeenCalled();
    otherTab.postMessage('signed-out');
    await vi.waitFor(() => expect(heardHere).toHaveBeenCalledTimes(1));
    otherTab.close();
  });
});
