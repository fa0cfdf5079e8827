import { describe, expect, it } from 'vitest';
import { postsQuerySchema, POSTS_PAGE_MAX } from '../../contract/content.schema.js';
import { pageSizeField } from '../../contract/page-size.schema.js';
import { USER_TASKS_MAX, userTaskQuerySchema } from '../../contract/next-steps/task.schema.js';

describe('pageSizeField (issue 87: one page-size field for every paged list)', () => {
  it('takes a whole number from 1 to its ceiling, as text from a query too, and leaves it absent when not asked', () => {
    const field = pageSizeField(25);
    expect(field.parse('1')).toBe(1);
    expect(field.parse(25)).toBe(25);
    expect(field.parse(undefined)).toBeUndefined();
  });

  it('refuses 0, a number past its ceiling, a fraction and words, naming the range', () => {
    const field = pageSizeField(25);
    for (const bad of ['0', '26', '2.5', 'ten']) {
      const result = field.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a whole number from 1 to 25');
    }
  });

  it("is the posts query's and the Next Steps task query's `limit`, each at its own ceiling", () => {
    const posts = (limit: string) => postsQuerySchema.safeParse({ post_type: 'blog', limit });
    const tasks = (limit: string) => userTaskQuerySchema.safeParse({ limit });
    expect(posts(String(POSTS_PAGE_MAX)).success).toBe(true);
    expect(posts(String(POSTS_PAGE_MAX + 1)).error?.issues[0]?.message).toBe(
      `must be a whole number from 1 to ${POSTS_PAGE_MAX}`,
    );
    expect(tasks(String(USER_TASKS_MAX)).success).toBe(true);
    expect(tasks(String(USER_TASKS_MAX + 1)).error?.issues[0]?.message).toBe(
      `must be a whole number from 1 to ${USER_TASKS_MAX}`,
    );
  });
});
