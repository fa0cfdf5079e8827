import { describe, expect, it, vi } from 'vitest';
import { onBackOnline, reportOffline } from '../../../src/pages/shared/offline.js';

describe('the page’s offline state', () => {
  it('a Mark done made offline is sent when the connection returns: the server answering again after kept answers is a return, also without the browser’s online event', () => {
    const back = vi.fn();
    const stop = onBackOnline(back);
    reportOffline(true);
    expect(back).not.toHaveBeenCalled();
    reportOffline(true);
    reportOffline(false);
    expect(back).toHaveBeenCalledTimes(1);
    // Online to online is no return.
    reportOffline(false);
    expect(back).toHaveBeenCalledTimes(1);
    stop();
    reportOffline(true);
    reportOffline(false);
    expect(back).toHaveBeenCalledTimes(1);
  });
});
