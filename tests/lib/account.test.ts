import { describe, expect, it } from 'vitest';
import { accountAnchorOf, canvasOutcomeOf, isProfileOpenByDefault } from '../../src/lib/account.js';

describe('the Account profile section', () => {
  it('is expanded by default when the screen is at least 1200 px wide', () => {
    expect(isProfileOpenByDefault(1200, '')).toBe(true);
    expect(isProfileOpenByDefault(1280, '#holds')).toBe(true);
  });

  it('is collapsed by default below 1200 px', () => {
    expect(isProfileOpenByDefault(1199, '')).toBe(false);
    expect(isProfileOpenByDefault(800, '#holds')).toBe(false);
  });

  it('is expanded by default at any width when the hash is #profile', () => {
    expect(isProfileOpenByDefault(390, '#profile')).toBe(true);
    expect(isProfileOpenByDefault(390, 'profile')).toBe(true);
  });

  it('knows the anchors #holds and #profile only', () => {
    expect(accountAnchorOf('#holds')).toBe('holds');
    expect(accountAnchorOf('profile')).toBe('profile');
    expect(accountAnchorOf('#other')).toBeNull();
  });
});

describe('how connecting Canvas went, as the callback sends the student back to Account', () => {
  it.each(['connected', 'refused', 'failed'] as const)('?canvas=%s is that outcome', (outcome) => {
    expect(canvasOutcomeOf({ canvas: outcome })).toBe(outcome);
  });

  it.each([
    ['another word', { canvas: 'hacked' }],
    ['a number', { canvas: 1 }],
    ['no canvas key', { other: 'connected' }],
    ['no search at all', undefined],
    ['null', null],
    ['a string', 'canvas=connected'],
  ])('%s is no outcome', (_what, search) => {
    expect(canvasOutcomeOf(search)).toBeUndefined();
  });
});
