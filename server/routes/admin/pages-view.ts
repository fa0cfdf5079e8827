import type { Role } from '../../../contract/roles.schema.js';
import type { FormState } from '../../admin/fields.js';
import { checkbox, csrfField, dataTable, errorSummary, input, select } from '../../admin/fields.js';
import type { AdminPage } from '../../db/repositories/admin-pages.repository.js';
import { orderedList } from '../../admin/ordered-list.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';
import { escapeHtml } from '../../html/page.js';

/** Whom a page can be previewed as: a role, with financial dashboard access or not, and its name. */
const PREVIEW_AS: ReadonlyArray<readonly [Role, boolean, string]> = [
  ['student', false, 'a student'],
  ['student', true, 'a student with financial dashboard access'],
  ['faculty', false, 'faculty'],
  ['staff', false, 'staff'],
  ['advisor', false, 'an advisor'],
  ['emeritus', false, 'emeritus faculty'],
  ['student_worker', false, 'a student worker'],
];

export function pageValues(page: AdminPage) {
  return {
    path: page.path,
    slug: page.slug,
    published: page.published ? 'on' : '',
    version: String(page.version),
  };
}

export function pageForm(state: FormState, csrf: string, page?: AdminPage) {
  const version = page
    ? `<input type="hidden" name="version" value="${escapeHtml(String(state.values.version ?? page.version))}">`
    : '';
  return `${errorSummary(state.errors)}
<form method="post" action="${page ? `/admin/pages/${page.id}` : '/admin/pages'}" novalidate>${csrfField(csrf)}${version}
  ${input(state, { name: 'path', label: 'Path', hint: 'Where the page is: "/" for the dashboard, "/resources"…' })}
  ${input(state, { name: 'slug', label: 'Slug', hint: 'The page’s name in the content API: dashboard, resources…' })}
  ${checkbox(state, { name: 'published', label: 'Published' })}
  <div class="actions"><button type="submit">${page ? 'Save the page' : 'Create the page'}</button> <a href="/admin/pages">Cancel</a></div>
</form>`;
}

/** The page's posts in order; each moves by its own buttons (keyboard and pointer alike). */
export function pagePosts(page: AdminPage, all: AdminPost[], csrf: string) {
  const action = `/admin/pages/${page.id}/posts`;
  const remove = (p: AdminPage['posts'][number]) =>
    `<form class="inline" method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="version" value="${page.version}"><input type="hidden" name="post_id" value="${p.id}"><input type="hidden" name="action" value="remove"><button type="submit" class="secondary" aria-label="${escapeHtml(`Take “${p.title}” off the page`)}">Remove</button></form>`;
  const list = orderedList({
    action,
    csrf,
    version: page.version,
    labelledBy: 'h-posts',
    items: page.posts.map((p) => ({
      name: p.title,
      html: `<a href="/admin/posts/${p.id}">${escapeHtml(p.title)}</a> <span class="tag">${escapeHtml(p.post_type)}</span>`,
      fields: [['post_id', String(p.id)]],
      more: remove(p),
    })),
  });
  const on = new Set(page.posts.map((p) => p.id));
  const options = all
    .filter((p) => !on.has(p.id))
    .map((p) => [String(p.id), `${p.title} (${p.post_type})`] as const);
  return `<h2 id="h-posts">Posts on the page, in order</h2>
${page.posts.length === 0 ? '<p>No post yet.</p>' : list}
<form class="filters" method="post" action="${action}">${csrfField(csrf)}<input type="hidden" name="version" value="${page.version}"><input type="hidden" name="action" value="add">
  ${select({ values: {}, errors: {} }, { name: 'post_id', label: 'Add a post at the end', options: [['', 'Choose a post'], ...options] })}
  <div class="actions"><button type="submit">Add</button></div>
</form>
<h2 id="h-preview">Preview</h2>
${previewLinks(page)}`;
}

export function pageList(pages: AdminPage[]) {
  const rows = pages.map((p) => [
    `<a href="/admin/pages/${p.id}">${escapeHtml(p.path)}</a>`,
    escapeHtml(p.slug),
    p.published
      ? '<span class="tag live">Published</span>'
      : '<span class="tag draft">Not published</span>',
    String(p.posts.length),
  ]);
  return `<div class="actions"><a class="button" href="/admin/pages/new">New page</a> <a href="/admin/posts">Posts</a></div>
${dataTable({ label: 'Pages', caption: `${pages.length} pages`, headers: ['Path', 'Slug', 'State', 'Posts'], rows })}`;
}

/** The portal page at `path` as staff preview it: shown as `role`, drafts included or not. */
function portalPreview(path: string, query: Array<[string, string]>) {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * Links that open the page in the portal itself, drawn by the portal's own components, as someone
 * of each role sees it: as published now, or with its drafts and scheduled posts as if open. The
 * portal says at the top whom it shows the page as.
 */
export function previewLinks(page: AdminPage) {
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const rows = PREVIEW_AS.map(([role, financial, who]) => {
    const as: Array<[string, string]> = [
      ['preview_role', role],
      ...(financial ? [['preview_financial', '1'] as [string, string]] : []),
    ];
    return [
      escapeHtml(who.charAt(0).toUpperCase() + who.slice(1)),
      page.published
        ? link(portalPreview(page.path, as), `Open as ${who}`)
        : 'Not published: they see “Page not found”',
      link(
        portalPreview(page.path, [['published', 'all'], ...as]),
        `Open as ${who}, drafts included`,
      ),
    ];
  });
  return `<p class="hint">Opens ${escapeHtml(page.path)} in the portal as each role sees it. Your own profile, classes and messages stay yours.</p>
${dataTable({ label: 'Preview as a role', caption: 'Preview as a role', headers: ['Who', 'As published now', 'With drafts and scheduled posts'], rows })}`;
}

/** The preview page: the page's path, whether it is published, and the links. */
export function previewBody(page: AdminPage) {
  return `<p>The page <strong>${escapeHtml(page.path)}</strong> has ${page.posts.length === 1 ? 'one post' : `${page.posts.length} posts`}.${page.published ? '' : ' It is not published: only staff see it, with drafts included.'} <a href="/admin/pages/${page.id}">Back to the page</a></p>
${previewLinks(page)}`;
}
