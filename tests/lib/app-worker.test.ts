import { describe, expect, it, vi } from 'vitest';
import { startAppWorkerAfterLoad } from '../../src/lib/app-worker.js';

describe('starting the service worker', () => {
  it('waits for the page to load, so the worker never delays the first load', () => {
    let onLoad: () => void = () => {};
    const start = vi.fn(async () => {});
    startAppWorkerAfterLoad({
      hasServiceWorker: true,
      loaded: () => false,
      onLoad: (callback) => (onLoad = callback),
      start,
    });
    expect(start).not.toHaveBeenCalled();
    onLoad();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page that has loaded already', () => {
    const start = vi.fn(async () => {});
    startAppWorkerAfterLoad({
      hasServiceWorker: true,
      loaded: () => true,
      onLoad: () => {},
      start,
    });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does nothing without service workers, and a failed start leaves the app as it is', async () => {
    const start = vi.fn(async () => {});
    startAppWorkerAfterLoad({
      hasServiceWorker: false,
      loaded: () => true,
      onLoad: () => {},
      start,
    });
    expect(start).not.toHaveBeenCalled();
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    startAppWorkerAfterLoad({
      hasServiceWorker: true,
      loaded: () => true,
      onLoad: () => {},
      start: failing,
    });
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
