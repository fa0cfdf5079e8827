import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page, PreviewAs } from '../../../../contract/content.schema.js';
import type { UserResult } from '../../../../src/api/user.js';
import { staff, student } from '../../../machines/fixtures.js';
import { aPost } from '../../../ui/portal/posts.js';
import { stubApi } from '../api-stub.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

const as = (user: typeof staff) => async (): Promise<UserResult> => ({ kind: 'user', user });
const page = (path: string, preview_as: PreviewAs | null): Page => ({
  path,
  slug: path === '/' ? 'dashboard' : path.slice(1),
  published: true,
  preview: false,
  preview_as,
  posts: [
    aPost({ post_type: 'resources', title: 'Grading guide', category: 'faculty' }),
    aPost({ post_type: 'resources', title: 'Benefits desk', category: 'staff' }),
    aPost({ post_type: 'promo', title: 'Spring fair' }),
  ],
});
const faculty: PreviewAs = { role: 'faculty', financial_dashboard_access: false };
const pageCalls = (requests: Array<{ path: string; search: string }>) =>
  requests.filter((r) => r.path === 'pages').map((r) => new URLSearchParams(r.search));

afterEach(() => vi.unstubAllGlobals());

describe('staff preview a page as a role sees it (?preview_role=)', () => {
  it('the dashboard asks for the faculty view, sorts its posts as faculty, and says so', async () => {
    const { requests } = stubApi({ pages: { json: page('/', faculty) } });
    renderPortal('/?preview_role=faculty', as(staff));
    expect(await screen.findByTestId('preview-notice')).toHaveTextContent(
      'Previewing as Faculty — the posts this role sees as published now. Students see only the posts for everyone and for students.',
    );
    expect(pageCalls(requests)[0]?.get('preview_role')).toBe('faculty');
    expect((await screen.findAllByText('Grading guide'))[0]).toBeVisible();
    // The staff member's own staff resources are not what faculty see.
    expect(screen.queryByText('Benefits desk')).toBeNull();
  });

  it('a content page passes financial access and drafts along, and names both', async () => {
    const shown = { ...page('/resources', { ...faculty, financial_dashboard_access: true }) };
    const { requests } = stubApi({ pages: { json: { ...shown, preview: true } } });
    renderPortal('/resources?preview_role=faculty&preview_financial=1&published=all', as(staff));
    expect(await screen.findByTestId('preview-notice')).toHaveTextContent(
      'Previewing as Faculty with financial dashboard access — the posts this role sees once its drafts and scheduled posts are published.',
    );
    const [call] = pageCalls(requests);
    expect(call?.get('preview_role')).toBe('faculty');
    expect(call?.get('preview_financial')).toBe('1');
    expect(call?.get('published')).toBe('all');
    expect(await screen.findByText('Grading guide')).toBeVisible();
  });

  it('a student’s ?preview_role= is ignored: their own page, no notice', async () => {
    const { requests } = stubApi({ pages: { json: page('/', null) } });
    renderPortal('/?preview_role=faculty', as({ ...student, financial_dashboard_access: false }));
    expect(await screen.findAllByText('Spring fair')).not.toHaveLength(0);
    expect(pageCalls(requests)[0]?.has('preview_role')).toBe(false);
    expect(screen.queryByTestId('preview-notice')).toBeNull();
    expect(screen.queryByText('Grading guide')).toBeNull();
  });

  it('an unknown role is ignored', async () => {
    const { requests } = stubApi({ pages: { json: page('/', null) } });
    renderPortal('/?preview_role=dean', as(staff));
    expect(await screen.findAllByText('Spring fair')).not.toHaveLength(0);
    expect(pageCalls(requests)[0]?.has('preview_role')).toBe(false);
  });
});
