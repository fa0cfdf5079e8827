import type { ReactNode } from 'react';
import { postTypeSchema } from '../../../contract/content.schema.js';
import { formatCampus, toCampusInput } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import { Checkbox, CsrfField, DataTable, Input, Select, Textarea } from '../../admin/fields.js';
import { DeleteConfirm, ItemForm, SearchForm } from '../../admin/crud-view.js';
import type { FieldKind, FormValues } from '../../admin/forms.js';
import { listOf } from '../../admin/forms.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';
import { OrderedList } from '../../admin/ordered-list.js';
import { LinkRows } from './post-link-rows.js';
import { SPANISH_POST_FORM, SpanishFields, spanishValues } from '../../admin/spanish-fields.js';

export const POST_FORM: Record<string, FieldKind> = {
  post_type: 'text',
  title: 'text',
  slug: 'text',
  body_markdown: 'text',
  category: 'textOrNull',
  action_link: 'textOrNull',
  link_text: 'textOrNull',
  ...SPANISH_POST_FORM,
  hide_text: 'bool',
  publishing: 'text',
  publishing_opens_on: 'campusTimeOrNull',
};
export const POST_UPDATE_FORM: Record<string, FieldKind> = { ...POST_FORM, version: 'int' };

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
    ...spanishValues(post.translations, post.body_markdown_es),
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

export function PostForm(props: {
  state: FormState;
  csrf: string;
  timeZone: string;
  post?: AdminPost | undefined;
  /** Shown above the form, e.g. why it was not saved. */
  problem?: ReactNode;
}) {
  const { state, csrf, timeZone, post } = props;
  return (
    <ItemForm
      list="/admin/posts"
      item={post}
      state={state}
      csrf={csrf}
      problem={props.problem}
      create="Create post"
      save="Save changes"
      deletable
    >
      <Select
        state={state}
        name="post_type"
        label="Type"
        options={postTypeSchema.options.map((t) => [t, t.replace('_', ' ')] as const)}
      />
      <Input state={state} name="title" label="Title" required />
      <Input
        state={state}
        name="slug"
        label="Slug"
        hint="Lower-case words joined by dashes, unique: open-enrollment-2026."
      />
      <Textarea
        state={state}
        name="body_markdown"
        label="Body (Markdown)"
        rows={10}
        hint='Write **bold**, _italic_, [a link](https://…), lists with "- ". Scripts and unsafe HTML are removed when saved.'
      />
      <Input
        state={state}
        name="category"
        label="Who sees it"
        hint="Empty: everyone. A role (student, staff, faculty, advisor, emeritus) or financial_dashboard shows it to those only; other words group posts (campus_life)."
      />
      <div className="grid">
        <Input
          state={state}
          name="action_link"
          label="Action link"
          hint="An https:// address or a portal path."
        />
        <Input state={state} name="link_text" label="Action link text" />
      </div>
      <SpanishFields state={state} bodyLabel="Body in Spanish (Markdown)" linkText />
      <Checkbox state={state} name="hide_text" label="Hide the text (show the image only)" />
      <LinkRows state={state} />
      <fieldset className="field">
        <legend>Publishing</legend>
        <Select
          state={state}
          name="publishing"
          label="Published"
          options={[
            ['now', 'Now'],
            ['scheduled', 'From a date and time'],
            ['draft', 'Not published (draft)'],
          ]}
        />
        <Input
          state={state}
          name="publishing_opens_on"
          label="Opens on"
          type="datetime-local"
          hint={`Campus time (${timeZone}), when “From a date and time” is chosen.`}
        />
      </fieldset>
    </ItemForm>
  );
}

/** The post's saved links, each moved a place up or down by its own buttons (no script needed). */
export function LinkOrder({ post, csrf }: { post: AdminPost; csrf: string }) {
  if (post.links.length < 2) return null;
  return (
    <>
      <h2 id="h-links">Order of the links</h2>
      <p className="hint">A move is saved at once: save other changes first.</p>
      <OrderedList
        action={`/admin/posts/${post.id}/links`}
        csrf={csrf}
        version={post.version}
        labelledBy="h-links"
        items={post.links.map((link, i) => ({
          key: i,
          name: link.link_text,
          content: (
            <>
              {link.link_text} <span className="hint">{link.url}</span>
            </>
          ),
          fields: [['position', String(i)]],
        }))}
      />
    </>
  );
}

/** The image form: multipart, so the server can make the four sizes. */
export function ImageForm({ post, csrf }: { post: AdminPost; csrf: string }) {
  return (
    <>
      <h2>Image</h2>
      {post.thumbnail_image ? (
        <p>
          <img src={post.thumbnail_image} alt="The post's current image" width="200" />
        </p>
      ) : (
        <p>No image yet.</p>
      )}
      <form method="post" action={`/admin/posts/${post.id}/image`} encType="multipart/form-data">
        <CsrfField csrf={csrf} />
        <div className="field">
          <label htmlFor="f-image">Upload an image</label>
          <p className="hint" id="f-image-hint">
            JPEG, PNG or WebP up to 8 MB. The server makes four sizes; the file as sent is never
            served.
          </p>
          <input
            id="f-image"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="f-image-hint"
          />
        </div>
        <div className="actions">
          <button type="submit" className="secondary">
            Upload the image
          </button>
        </div>
      </form>
    </>
  );
}

function PostState({ post, timeZone }: { post: AdminPost; timeZone: string }) {
  if (post.publishing === 'draft') return <span className="tag draft">Draft</span>;
  if (post.publishing === 'scheduled' && post.publishing_opens_on)
    return <span className="tag">Opens {formatCampus(post.publishing_opens_on, timeZone)}</span>;
  return <span className="tag live">Published</span>;
}

export function PostList(props: {
  posts: AdminPost[];
  query: { q?: string | undefined; type?: string | undefined };
  timeZone: string;
}) {
  const { posts, query, timeZone } = props;
  const state = { values: { q: query.q ?? '', type: query.type ?? '' }, errors: {} };
  return (
    <>
      <div className="actions">
        <a className="button" href="/admin/posts/new">
          New post
        </a>{' '}
        <a href="/admin/pages">Pages</a>
      </div>
      <SearchForm list="/admin/posts" label="Search posts">
        <Input state={state} name="q" label="Search" type="search" />
        <Select
          state={state}
          name="type"
          label="Type"
          options={[['', 'Any type'], ...postTypeSchema.options.map((t) => [t, t] as const)]}
        />
      </SearchForm>
      {posts.length === 0 ? (
        <p>No post matches.</p>
      ) : (
        <DataTable
          label="Posts"
          caption={`${posts.length} posts`}
          headers={['Title', 'Type', 'Who sees it', 'State']}
          rows={posts.map((p) => ({
            key: p.id,
            cells: [
              <a href={`/admin/posts/${p.id}`}>{p.title}</a>,
              p.post_type,
              p.category ?? 'everyone',
              <PostState post={p} timeZone={timeZone} />,
            ],
          }))}
        />
      )}
    </>
  );
}

export function postDeleteConfirm(post: AdminPost, csrf: string) {
  return (
    <DeleteConfirm list="/admin/posts" item={post} csrf={csrf} button="Delete the post">
      Delete the post <strong>{post.title}</strong>? It leaves every page that shows it. This cannot
      be undone.
    </DeleteConfirm>
  );
}
