import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectionMachine } from '../../../src/machines/connection.machine.js';
import { useAnyOffline, useOffline } from '../../../src/pages/shared/offline.js';

const KEPT = { type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' } as const;

afterEach(() => vi.restoreAllMocks());

describe('the page’s offline state', () => {
  it('pages hold their writes exactly while the connection actor says the page shows kept answers: not once a fresh answer came back', () => {
    const connection = createActor(connectionMachine).start();
    const { result } = renderHook(() => useOffline(connection));
    expect(result.current).toBe(false);
    act(() => connection.send(KEPT));
    expect(result.current).toBe(true);
    act(() => connection.send({ type: 'answer.fresh' }));
    // Back online: the notice still offers to reload, but writes may go again.
    expect(connection.getSnapshot().hasTag('reconnected')).toBe(true);
    expect(result.current).toBe(false);
  });

  it('what could not be read says "not available offline" while the browser has no connection, though no kept answer was shown', () => {
    const connection = createActor(connectionMachine).start();
    const { result } = renderHook(() => useAnyOffline(connection));
    expect(result.current).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(true);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(false);
    act(() => connection.send(KEPT));
    expect(result.current).toBe(true);
  });
});
