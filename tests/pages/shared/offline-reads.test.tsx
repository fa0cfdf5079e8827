import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportOffline } from '../../../src/pages/shared/offline.js';
import { OfflineReads } from '../../../src/pages/shared/offline-reads.js';
import { SectionStatus } from '../../../src/ui/portal/section-status.js';

const failedSection = (
  <OfflineReads>
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
  reportOffline(false);
});

describe('OfflineReads', () => {
  it('a page not visited while the browser is offline says "Not available offline" in every failed section, and "Error retrieving info" again once online (issue 57)', () => {
    render(failedSection);
    expect(screen.getByText('Error retrieving info')).toBeVisible();
    act(() => browserOnline(false));
    expect(screen.getByText('Not available offline')).toBeVisible();
    expect(screen.queryByText('Error retrieving info')).not.toBeInTheDocument();
    act(() => browserOnline(true));
    expect(screen.getByText('Error retrieving info')).toBeVisible();
  });

  it('a section that failed while the page shows kept answers says "Not available offline", though the browser thinks it is online', () => {
    render(failedSection);
    act(() => reportOffline(true));
    expect(screen.getByText('Not available offline')).toBeVisible();
  });
});
