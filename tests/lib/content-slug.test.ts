import { describe, expect, it } from 'vitest';
import { contentSlugFor } from '../../src/lib/content-slug.js';

describe('contentSlugFor', () => {
  it('the content slug is "dashboard" for path /', () => {
    expect(contentSlugFor('/')).toBe('dashboard');
  });

  it('the content slug of any other path is the path without the leading slash', () => {
    expect(contentSlugFor('/whats-new')).toBe('whats-new');
    expect(contentSlugFor('/resources/library/')).toBe('resources/library');
  });
});
