import type { Post } from '../../../contract/content.schema.js';
import type { FormState } from '../../admin/fields.js';
import { checkbox, csrfField, dataTable, errorSummary, input, select } from '../../admin/fields.js';
import type { AdminPage } from '../../db/repositories/admin-pages.repository.js';
import { orderedList } from '../../admin/ordered-list.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';
import { escapeHtml } from '../../html/page.js';

export const PREVIEW_ROLES = [
  ['student', 'a student'],
  ['faculty', 'faculty'],
  ['staff', 'staff'],
  ['advisor', 'an advisor'],
  ['emeritus', 'emeritus faculty'],
  ['student_worker', 'a student worker'],
] as const;

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
<h2>Preview</h2>
<ul class="actions">${PREVIEW_ROLES.map(([role, who]) => `<li><a href="/admin/pages/${page.id}/preview?role=${role}">As ${escapeHtml(who)} sees it</a></li>`).join('')}</ul>`;
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

/** The page as someone of `role` sees it now: only the posts open to them, bodies as stored (sanitised). */
export function previewBody(page: AdminPage, posts: Post[], role: string, financial: boolean) {
  const who = PREVIEW_ROLES.find(([r]) => r === role)?.[1] ?? role;
  const items = posts
    .map(
      (p) =>
        `<article class="preview-post"><p class="hint">${escapeHtml(p.post_type)}${p.category ? ` · for ${escapeHtml(p.category)}` : ''}</p><h2>${escapeHtml(p.title)}</h2>${p.thumbnail_image ? `<img src="${escapeHtml(p.thumbnail_image)}" alt="" width="200">` : ''}<div class="preview-body">${p.body}</div>${p.links.length > 0 ? `<ul>${p.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.link_text)}</a>${l.description ? ` ${escapeHtml(l.description)}` : ''}</li>`).join('')}</ul>` : ''}${p.action_link ? `<p><a href="${escapeHtml(p.action_link)}">${escapeHtml(p.link_text ?? p.action_link)}</a></p>` : ''}</article>`,
    )
    .join('');
  return `<p>The page <strong>${escapeHtml(page.path)}</strong> as ${escapeHtml(who)}${financial ? ' with financial dashboard access' : ''} sees it now: ${posts.length} of its ${page.posts.length} posts.${page.published ? '' : ' The page is not published: only staff see it.'}</p>
<p class="actions">${PREVIEW_ROLES.map(([r, w]) => `<a href="/admin/pages/${page.id}/preview?role=${r}"${r === role && !financial ? ' aria-current="page"' : ''}>${escapeHtml(w)}</a>`).join(' ')} <a href="/admin/pages/${page.id}/preview?role=${role}&amp;financial=1">with financial access</a> · <a href="/admin/pages/${page.id}">Back to the page</a></p>
${items || '<p>Nothing on this page is open to them now.</p>'}`;
}
