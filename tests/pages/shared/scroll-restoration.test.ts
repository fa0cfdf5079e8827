import { describe, expect, it, vi } from 'vitest';
import { createPendingContent } from '../../../src/pages/shared/scroll-restoration.js';

const afterRender = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe("a page's content on its way", () => {
  it('counts as settled once its last section has settled, once', async () => {
    const settled = vi.fn();
    const content = createPendingContent(settled);
    const grades = content.hold();
    const advisors = content.hold();
    grades();
    await afterRender();
    expect(settled).not.toHaveBeenCalled();
    expect(content.isSettled()).toBe(false);
    advisors();
    advisors();
    await afterRender();
    expect(settled).toHaveBeenCalledTimes(1);
    expect(content.isSettled()).toBe(true);
  });

  it('does not count as settled when a section settles and mounts the next one in the same render', async () => {
    const settled = vi.fn();
    const content = createPendingContent(settled);
    const term = content.hold();
    term();
    const grades = content.hold();
    await afterRender();
    expect(settled).not.toHaveBeenCalled();
    grades();
    await afterRender();
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
