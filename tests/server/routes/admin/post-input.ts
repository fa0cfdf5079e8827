import { expect } from 'vitest';
import type { AdminPostInput } from '../../../../contract/admin/content.schema.js';
import type { adminAs } from './admin-client.js';

let slugs = 0;
/** A valid post body with any field changed; every call has its own slug. */
export const post = (over: Partial<AdminPostInput> = {}): AdminPostInput => ({
  post_type: 'resources',
  title: 'Teaching resources',
  slug: `teaching-resources-${++slugs}`,
  body_markdown: 'Find **everything** for your classes. <script>window.pwned = 1</script>',
  category: 'faculty',
  action_link: null,
  link_text: null,
  title_es: null,
  body_es: null,
  link_text_es: null,
  hide_text: false,
  publishing: 'now',
  publishing_opens_on: null,
  links: [
    { url: 'https://canvas.example.edu', link_text: 'Canvas', description: '', icon_class: '' },
  ],
  ...over,
});
/** Creates a post as `staff` and answers what the server saved. */
export const createPost = async (
  staff: Awaited<ReturnType<typeof adminAs>>,
  over: Partial<AdminPostInput> = {},
) => {
  const response = await staff.json('POST', '/admin/posts', post(over));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; version: number; slug: string; body: string }>();
};
