import { describe, expect, it } from 'vitest';
import { isGoingBack } from '../../../src/pages/shared/focus-rule.js';

describe('the focus rule: which page change is going back', () => {
  it('choosing Dashboard from the menu focuses the page’s h1: the root is no one’s parent, so going to it is not going back', () => {
    expect(isGoingBack('/academics', '/', 'PUSH')).toBe(false);
    expect(isGoingBack('/whats-new/a-post', '/', 'PUSH')).toBe(false);
    expect(isGoingBack('/account', '/dashboard', 'PUSH')).toBe(false);
  });

  it('Back, and up to a page whose path contains the one left, go back', () => {
    expect(isGoingBack('/academics', '/', 'BACK')).toBe(true);
    expect(isGoingBack('/whats-new/a-post', '/whats-new', 'PUSH')).toBe(true);
    expect(isGoingBack('/task/5', '/task/', 'PUSH')).toBe(true);
    expect(isGoingBack('/task', '/task', 'PUSH')).toBe(false);
    expect(isGoingBack('/finances', '/academics', 'PUSH')).toBe(false);
  });
});
