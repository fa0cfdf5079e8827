import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionMachine } from '../../../src/machines/connection.machine.js';
import type { ConnectionRef } from '../../../src/machines/connection.machine.js';
import { OfflineReads } from '../../../src/pages/shared/offline-reads.js';
import { SectionStatus } from '../../../src/ui/portal/section-status.js';

const failedSection = (connection: ConnectionRef) => (
  <OfflineReads connection={connection}>
    <SectionStatus status="error" emptyText="" onRetry={vi.fn()}>
      {() => null}
    </SectionStatus>
  </OfflineReads>
);

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineReads', () => {
  it('a page not visited while the browser is offline says "Not available offline" in every failed section, and "Error retrieving info" again once online (issue 57)', () => {
    render(failedSection(createActor(connectionMachine).start()));
    expect(screen.getByText('Error retrieving info')).toBeVisible();
    act(() => browserOnline(false));
    expect(screen.getByText('Not available offline')).toBeVisible();
    expect(screen.queryByText('Error retrieving info')).not.toBeInTheDocument();
    act(() => browserOnline(true));
    expect(screen.getByText('Error retrieving info')).toBeVisible();
  });

  it('a section that failed while the page shows kept answers says "Not available offline", though the browser thinks it is online', () => {
    const connection = createActor(connectionMachine).start();
    render(failedSection(connection));
    act(() => connection.send({ type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' }));
    expect(screen.getByText('Not available offline')).toBeVisible();
  });
});
