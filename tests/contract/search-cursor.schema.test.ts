import { describe, expect, it } from 'vitest';
import { SEARCH_GROUP_MAX, SEARCH_GROUP_PAGES_MAX } from '../../contract/search.rules.js';
import {
  searchAnswerSchema,
  searchCursor,
  searchCursorSchema,
  searchQuerySchema,
} from '../../contract/search.schema.js';

describe("a search group's `next` cursor (issue 87)", () => {
  it('reads back as the group and offset it was made of, for every later page a group may have', () => {
    for (let page = 1; page < SEARCH_GROUP_PAGES_MAX; page += 1) {
      const offset = page * SEARCH_GROUP_MAX;
      expect(searchCursorSchema.parse(searchCursor('pages', offset))).toEqual({
        group: 'pages',
        offset,
      });
    }
  });

  it('refuses the first page, a page past the ceiling, an offset between pages and an unknown group', () => {
    const bad = [
      'pages.0',
      `pages.${SEARCH_GROUP_MAX * SEARCH_GROUP_PAGES_MAX}`,
      `pages.${SEARCH_GROUP_MAX + 1}`,
      'pages.08',
      'posts.8',
      'pages',
      '',
    ];
    for (const text of bad) expect(searchCursorSchema.safeParse(text).success, text).toBe(false);
  });

  it('the query takes it as `after`; the answer carries it as a group’s `next`', () => {
    expect(searchQuerySchema.parse({ q: 'fees', after: 'tasks.16' }).after).toEqual({
      group: 'tasks',
      offset: 16,
    });
    const answer = searchAnswerSchema.parse({
      query: 'fees',
      partial: false,
      ignoredWords: 0,
      groups: [{ group: 'tasks', label: 'Tasks', results: [], more: true, next: 'tasks.8' }],
    });
    expect(answer.groups[0]?.next).toBe('tasks.8');
  });
});
