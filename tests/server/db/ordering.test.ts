import { describe, expect, it } from 'vitest';
import { moveOne } from '../../../server/db/repositories/ordering.js';

describe('moving one item of an ordered list (pages’ posts, posts’ links)', () => {
  it('moves an item a place up or down, leaving the list given unchanged', () => {
    const list = ['a', 'b', 'c'];
    expect(moveOne(list, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveOne(list, 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('the first cannot go up nor the last down, nor an item the list does not have move', () => {
    expect(moveOne(['a', 'b'], 0, 'up')).toEqual(['a', 'b']);
    expect(moveOne(['a', 'b'], 1, 'down')).toEqual(['a', 'b']);
    expect(moveOne(['a', 'b'], 5, 'up')).toEqual(['a', 'b']);
  });
});
