import type { ReactNode } from 'react';
import type { Role } from '../../../contract/roles.schema.js';
import type { FormState } from '../../admin/fields.js';
import { Checkbox, CsrfField, DataTable, Hidden, Input, Select } from '../../admin/fields.js';
import { ItemForm } from '../../admin/crud-view.js';
import type { AdminPage } from '../../db/repositories/admin-pages.repository.js';
import { OrderedList } from '../../admin/ordered-list.js';
import type { AdminPost } from '../../db/repositories/admin-posts.repository.js';

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

export function PageForm(props: {
  state: FormState;
  csrf: string;
  page?: AdminPage | undefined;
  /** Shown above the form, e.g. why it was not saved. */
  problem?: ReactNode;
}) {
  const { state, csrf, page } = props;
  return (
    <ItemForm
      list="/admin/pages"
      item={page}
      state={state}
      csrf={csrf}
      problem={props.problem}
      create="Create the page"
      save="Save the page"
      deletable={false}
    >
      <Input
        state={state}
        name="path"
        label="Path"
        hint='Where the page is: "/" for the dashboard, "/resources"…'
      />
      <Input
        state={state}
        name="slug"
        label="Slug"
        hint="The page’s name in the content API: dashboard, resources…"
      />
      <Checkbox state={state} name="published" label="Published" />
    </ItemForm>
  );
}

/** The page's posts in order; each moves by its own buttons (keyboard and pointer alike). */
export function PagePosts(props: { page: AdminPage; all: AdminPost[]; csrf: string }) {
  const { page, all, csrf } = props;
  const action = `/admin/pages/${page.id}/posts`;
  const on = new Set(page.posts.map((p) => p.id));
  const options = all
    .filter((p) => !on.has(p.id))
    .map((p) => [String(p.id), `${p.title} (${p.post_type})`] as const);
  return (
    <>
      <h2 id="h-posts">Posts on the page, in order</h2>
      {page.posts.length === 0 ? (
        <p>No post yet.</p>
      ) : (
        <OrderedList
          action={action}
          csrf={csrf}
          version={page.version}
          labelledBy="h-posts"
          items={page.posts.map((p) => ({
            key: p.id,
            name: p.title,
            content: (
              <>
                <a href={`/admin/posts/${p.id}`}>{p.title}</a>{' '}
                <span className="tag">{p.post_type}</span>
              </>
            ),
            fields: [['post_id', String(p.id)]],
            more: (
              <form className="inline" method="post" action={action}>
                <CsrfField csrf={csrf} />
                <Hidden name="version" value={page.version} />
                <Hidden name="post_id" value={p.id} />
                <Hidden name="action" value="remove" />
                <button
                  type="submit"
                  className="secondary"
                  aria-label={`Take “${p.title}” off the page`}
                >
                  Remove
                </button>
              </form>
            ),
          }))}
        />
      )}
      <form className="filters" method="post" action={action}>
        <CsrfField csrf={csrf} />
        <Hidden name="version" value={page.version} />
        <Hidden name="action" value="add" />
        <Select
          state={{ values: {}, errors: {} }}
          name="post_id"
          label="Add a post at the end"
          options={[['', 'Choose a post'], ...options]}
        />
        <div className="actions">
          <button type="submit">Add</button>
        </div>
      </form>
      <h2 id="h-preview">Preview</h2>
      <PreviewLinks page={page} />
    </>
  );
}

export function PageList({ pages }: { pages: AdminPage[] }) {
  return (
    <>
      <div className="actions">
        <a className="button" href="/admin/pages/new">
          New page
        </a>{' '}
        <a href="/admin/posts">Posts</a>
      </div>
      <DataTable
        label="Pages"
        caption={`${pages.length} pages`}
        headers={['Path', 'Slug', 'State', 'Posts']}
        rows={pages.map((p) => ({
          key: p.id,
          cells: [
            <a href={`/admin/pages/${p.id}`}>{p.path}</a>,
            p.slug,
            p.published ? (
              <span className="tag live">Published</span>
            ) : (
              <span className="tag draft">Not published</span>
            ),
            String(p.posts.length),
          ],
        }))}
      />
    </>
  );
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
export function PreviewLinks({ page }: { page: AdminPage }) {
  const rows = PREVIEW_AS.map(([role, financial, who]) => {
    const as: Array<[string, string]> = [
      ['preview_role', role],
      ...(financial ? [['preview_financial', '1'] as [string, string]] : []),
    ];
    return {
      key: who,
      cells: [
        who.charAt(0).toUpperCase() + who.slice(1),
        page.published ? (
          <a href={portalPreview(page.path, as)}>{`Open as ${who}`}</a>
        ) : (
          'Not published: they see “Page not found”'
        ),
        <a href={portalPreview(page.path, [['published', 'all'], ...as])}>
          {`Open as ${who}, drafts included`}
        </a>,
      ],
    };
  });
  return (
    <>
      <p className="hint">
        Opens {page.path} in the portal as each role sees it. Your own profile, classes and messages
        stay yours.
      </p>
      <DataTable
        label="Preview as a role"
        caption="Preview as a role"
        headers={['Who', 'As published now', 'With drafts and scheduled posts']}
        rows={rows}
      />
    </>
  );
}

/** The preview page: the page's path, whether it is published, and the links. */
export function PreviewBody({ page }: { page: AdminPage }) {
  return (
    <>
      <p>
        The page <strong>{page.path}</strong> has{' '}
        {page.posts.length === 1 ? 'one post' : `${page.posts.length} posts`}.
        {page.published ? '' : ' It is not published: only staff see it, with drafts included.'}{' '}
        <a href={`/admin/pages/${page.id}`}>Back to the page</a>
      </p>
      <PreviewLinks page={page} />
    </>
  );
}
