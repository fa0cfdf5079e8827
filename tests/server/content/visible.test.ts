import { describe, expect, it } from 'vitest';
import { previewReader } from '../../../contract/content.rules.js';
import type { ContentReader } from '../../../contract/content.rules.js';
import { visiblePosts } from '../../../server/content/visible.js';
import { aPost } from '../../ui/portal/posts.js';

const now = new Date('2026-11-23T12:00:00Z');
const student: ContentReader = {
  primary_role: 'student',
  other_roles: [],
  financial_dashboard_access: false,
};
const titles = (posts: { title: string }[]) => posts.map((p) => p.title);

describe('what content leaves the server (portal.md §6)', () => {
  const forEveryone = aPost({ title: 'everyone' });
  const forStaff = aPost({ title: 'staff', category: 'staff' });
  const forStudents = aPost({ title: 'students', category: 'student' });
  const financial = aPost({ title: 'financial', category: 'financial_dashboard' });
  const opened = aPost({ title: 'opened', publishing_opens_on: '2026-11-23T12:00:00Z' });
  const future = aPost({ title: 'future', publishing_opens_on: '2026-11-24T00:00:00Z' });

  it('a post whose category equals a role reaches only users with that role', () => {
    expect(titles(visiblePosts([forEveryone, forStaff, forStudents], student, now, false))).toEqual(
      ['everyone', 'students'],
    );
  });

  it('financial dashboard posts reach only users with financial_dashboard_access', () => {
    expect(visiblePosts([financial], student, now, false)).toEqual([]);
    const withAccess = { ...student, financial_dashboard_access: true };
    expect(titles(visiblePosts([financial], withAccess, now, false))).toEqual(['financial']);
  });

  it('a post whose publishing_opens_on is in the future is not served yet; one opening now is', () => {
    expect(titles(visiblePosts([opened, future], student, now, false))).toEqual(['opened']);
  });

  it('a staff preview (published=all) shows posts not yet open, but still only for the role previewed', () => {
    const asStudent = previewReader({ role: 'student', financial_dashboard_access: false });
    expect(titles(visiblePosts([future, forStaff], asStudent, now, true))).toEqual(['future']);
  });
});
