import { postTypeSchema } from '../../../contract/content.schema.js';
import { formatCampus, toCampusInput } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import {
  checkbox,
  csrfField,
  dataTable,
  errorSummary,
  input,
  select,
  textarea,
} from '../../admin/fields.js';
import type { FieldKind, FormValues } from '../../admin/forms.js';
import { listOf } from '../../admin/forms.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';
import { escapeHtml } from '../../html/page.js';
import { orderedList } from '../../admin/ordered-list.js';

export const POST_FORM: Record<string, FieldKind> = {
  post_type: 'text',
  title: 'text',
  slug: 'text',
  body_markdown: 'text',
  category: 'textOrNull',
  action_link: 'textOrNull',
  link_text: 'textOrNull',
  hide_text: 'bool',
  publishing: 'text',
  publishing_opens_on: 'campusTimeOrNull',
};
export const POST_UPDATE_FORM: Record<string, FieldKind> = { ...POST_FORM, version: 'int' };
const BLANK_LINK_ROWS = 2;

/** The link rows of the form as the contract's `links`: rows left empty are no link. */
export function linksOf(values: FormValues) {
  const urls = listOf(values.link_url);
  const texts = listOf(values.link_label);
  const descriptions = listOf(values.link_description);
  const icons = listOf(values.link_icon);
  const links = urls.map((url, i) => ({
    url,
    link_text: texts[i] ?? '',
    description: descriptions[i] ?? '',
    icon_class: icons[i] ?? '',
  }));
  return { links: links.filter((l) => `${l.url}${l.link_text}${l.description}`.trim() !== '') };
}

export function postValues(post: AdminPost, timeZone: string): FormValues {
  return {
    post_type: post.post_type,
    title: post.title,
    slug: post.slug,
    body_markdown: post.body_markdown ?? post.body,
    category: post.category ?? '',
    action_link: post.action_link ?? '',
    link_text: post.link_text ?? '',
    hide_text: post.hide_text ? 'on' : '',
    publishing: post.publishing,
    publishing_opens_on:
      post.publishing === 'scheduled' && post.publishing_opens_on
        ? toCampusInput(post.publishing_opens_on, timeZone)
        : '',
    link_url: post.links.map((l) => l.url),
    link_label: post.links.map((l) => l.link_text),
    link_description: post.links.map((l) => l.description),
    link_icon: post.links.map((l) => l.icon_class),
    version: String(post.version),
  };
}

function linkRows(state: FormState) {
  const urls = listOf(state.values.link_url);
  const rows = urls.length + BLANK_LINK_ROWS;
  const cell = (name: string, i: number, label: string) => {
    const value = listOf(state.values[name])[i] ?? '';
    return `<div class="field"><label for="f-${name}-${i}">${label} ${i + 1}</label><input id="f-${name}-${i}" name="${name}" value="${escapeHtml(value)}"></div>`;
  };
  const error = state.errors.links
    ? `<p class="error" id="f-links-error">${escapeHtml(state.errors.links)}</p>`
    : '';
  const items = Array.from(
    { length: rows },
    (_, i) =>
      `<li class="grid">${cell('link_url', i, 'Address')}${cell('link_label', i, 'Text')}${cell('link_description', i, 'Description')}${cell('link_icon', i, 'Icon')}</li>`,
  ).join('');
  return `<fieldset id="f-links" class="field${error ? ' invalid' : ''}"><legend>Links, in order</legend>${error}<p class="hint">Resources lists and school tools show these. Leave a row empty for no link.</p><ol class="choice-list">${items}</ol></fieldset>`;
}

export function postForm(state: FormState, csrf: string, timeZone: string, post?: AdminPost) {
  const action = post ? `/admin/posts/${post.id}` : '/admin/posts';
  const version = post
    ? `<input type="hidden" name="version" value="${escapeHtml(String(state.values.version ?? post.version))}">`
    : '';
  return `${errorSummary(state.errors)}
<form method="post" action="${action}" novalidate>
  ${csrfField(csrf)}${version}
  ${select(state, { name: 'post_type', label: 'Type', options: postTypeSchema.options.map((t) => [t, t.replace('_', ' ')] as const) })}
  ${input(state, { name: 'title', label: 'Title', required: true })}
  ${input(state, { name: 'slug', label: 'Slug', hint: 'Lower-case words joined by dashes, unique: open-enrollment-2026.' })}
  ${textarea(state, { name: 'body_markdown', label: 'Body (Markdown)', rows: 10, hint: 'Write **bold**, _italic_, [a link](https://…), lists with "- ". Scripts and unsafe HTML are removed when saved.' })}
  ${input(state, { name: 'category', label: 'Who sees it', hint: 'Empty: everyone. A role (student, staff, faculty, advisor, emeritus) or financial_dashboard shows it to those only; other words group posts (campus_life).' })}
  <div class="grid">
    ${input(state, { name: 'action_link', label: 'Action link', hint: 'An https:// address or a portal path.' })}
    ${input(state, { name: 'link_text', label: 'Action link text' })}
  </div>
  ${checkbox(state, { name: 'hide_text', label: 'Hide the text (show the image only)' })}
  ${linkRows(state)}
  <fieldset class="field"><legend>Publishing</legend>
  ${select(state, {
    name: 'publishing',
    label: 'Published',
    options: [
      ['now', 'Now'],
      ['scheduled', 'From a date and time'],
      ['draft', 'Not published (draft)'],
    ],
  })}
  ${input(state, { name: 'publishing_opens_on', label: 'Opens on', type: 'datetime-local', hint: `Campus time (${timeZone}), when “From a date and time” is chosen.` })}
  </fieldset>
  <div class="actions"><button type="submit">${post ? 'Save changes' : 'Create post'}</button> <a href="/admin/posts">Cancel</a>${post ? ` <a href="/admin/posts/${post.id}/delete">Delete…</a>` : ''}</div>
</form>`;
}

/** The post's saved links, each moved a place up or down by its own buttons (no script needed). */
export function linkOrder(post: AdminPost, csrf: string) {
  if (post.links.length < 2) return '';
  const list = orderedList({
    action: `/admin/posts/${post.id}/links`,
    csrf,
    version: post.version,
    labelledBy: 'h-links',
    items: post.links.map((link, i) => ({
      name: link.link_text,
      html: `${escapeHtml(link.link_text)} <span class="hint">${escapeHtml(link.url)}</span>`,
      fields: [['position', String(i)]],
    })),
  });
  return `<h2 id="h-links">Order of the links</h2><p class="hint">A move is saved at once: save other changes first.</p>${list}`;
}

/** The image form: multipart, so the server can make the four sizes. */
export function imageForm(post: AdminPost, csrf: string) {
  const current = post.thumbnail_image
    ? `<p><img src="${escapeHtml(post.thumbnail_image)}" alt="The post's current image" width="200"></p>`
    : '<p>No image yet.</p>';
  return `<h2>Image</h2>${current}
<form method="post" action="/admin/posts/${post.id}/image" enctype="multipart/form-data">
  ${csrfField(csrf)}
  <div class="field"><label for="f-image">Upload an image</label><p class="hint" id="f-image-hint">JPEG, PNG or WebP up to 8 MB. The server makes four sizes; the file as sent is never served.</p><input id="f-image" name="image" type="file" accept="image/jpeg,image/png,image/webp" aria-describedby="f-image-hint"></div>
  <div class="actions"><button type="submit" class="secondary">Upload the image</button></div>
</form>`;
}

function stateOf(post: AdminPost, timeZone: string) {
  if (post.publishing === 'draft') return '<span class="tag draft">Draft</span>';
  if (post.publishing === 'scheduled' && post.publishing_opens_on)
    return `<span class="tag">Opens ${escapeHtml(formatCampus(post.publishing_opens_on, timeZone))}</span>`;
  return '<span class="tag live">Published</span>';
}

export function postList(
  posts: AdminPost[],
  query: { q?: string | undefined; type?: string | undefined },
  timeZone: string,
) {
  const state = { values: { q: query.q ?? '', type: query.type ?? '' }, errors: {} };
  const rows = posts.map((p) => [
    `<a href="/admin/posts/${p.id}">${escapeHtml(p.title)}</a>`,
    escapeHtml(p.post_type),
    escapeHtml(p.category ?? 'everyone'),
    stateOf(p, timeZone),
  ]);
  return `<div class="actions"><a class="button" href="/admin/posts/new">New post</a> <a href="/admin/pages">Pages</a></div>
<form class="filters" method="get" action="/admin/posts" role="search" aria-label="Search posts">
  ${input(state, { name: 'q', label: 'Search', type: 'search' })}
  ${select(state, { name: 'type', label: 'Type', options: [['', 'Any type'], ...postTypeSchema.options.map((t) => [t, t] as const)] })}
  <div class="actions"><button type="submit">Search</button></div>
</form>
${posts.length === 0 ? '<p>No post matches.</p>' : dataTable({ label: 'Posts', caption: `${posts.length} posts`, headers: ['Title', 'Type', 'Who sees it', 'State'], rows })}`;
}

export function postDeleteConfirm(post: AdminPost, csrf: string) {
  return `<p>Delete the post <strong>${escapeHtml(post.title)}</strong>? It leaves every page that shows it. This cannot be undone.</p>
<form method="post" action="/admin/posts/${post.id}/delete">${csrfField(csrf)}<input type="hidden" name="version" value="${post.version}">
  <div class="actions"><button type="submit" class="danger">Delete the post</button> <a href="/admin/posts/${post.id}">Keep it</a></div>
</form>`;
}
