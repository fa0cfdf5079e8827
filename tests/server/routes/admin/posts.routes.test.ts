import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import type { AdminPostInput } from '../../../../contract/admin/content.schema.js';
import { postListSchema, postSchema } from '../../../../contract/content.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { createPost, post } from './post-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-media-'));
/** The files of one post's images in DATA_DIR/media. */
const mediaFilesOf = (id: number) => {
  try {
    return readdirSync(path.join(dataDir, 'media')).filter((f) => f.startsWith(`post-${id}-`));
  } catch {
    return [];
  }
};
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const created = (over: Partial<AdminPostInput> = {}) => createPost(staff, over);
const postsFor = async (persona: 'student' | 'faculty', type: string) => {
  const { token } = await signIn(app, persona);
  const answer = await app.inject({
    url: `/api/posts?post_type=${type}`,
    headers: { authorization: `Token ${token}` },
  });
  return postListSchema.parse(answer.json());
};

describe('content posts in the admin', () => {
  it('the body is written in Markdown and always stored sanitised; the change is audited', async () => {
    const saved = await created();
    expect(saved.body.trim()).toBe('<p>Find <strong>everything</strong> for your classes. </p>');
    const [entry] = await app.repositories.audit.search({ kind: 'post', limit: 1 });
    expect(entry).toMatchObject({ action: 'admin.post.create', username: 'mchen' });
  });

  it('a post for faculty reaches faculty and not a student', async () => {
    const { slug } = await created({ title: 'Grading deadline' });
    expect((await postsFor('faculty', 'resources')).map((p) => p.slug)).toContain(slug);
    expect((await postsFor('student', 'resources')).map((p) => p.slug)).not.toContain(slug);
  });

  it('a post scheduled for tomorrow, or a draft, stays hidden; publishing it shows it', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const later = await created({
      category: null,
      publishing: 'scheduled',
      publishing_opens_on: tomorrow,
    });
    const draft = await created({ category: null, publishing: 'draft' });
    const seen = async () => (await postsFor('student', 'resources')).map((p) => p.slug);
    expect(await seen()).not.toContain(later.slug);
    expect(await seen()).not.toContain(draft.slug);
    const { token } = await signIn(app, 'staff');
    const previewed = await app.inject({
      url: '/api/posts?post_type=resources&published=all',
      headers: { authorization: `Token ${token}` },
    });
    expect(postListSchema.parse(previewed.json()).find((p) => p.slug === draft.slug)).toMatchObject(
      { publishing_opens_on: null },
    );
    const published = await staff.json('PUT', `/admin/posts/${draft.id}`, {
      ...post({ category: null, slug: draft.slug }),
      version: draft.version,
    });
    expect(published.statusCode).toBe(200);
    expect(await seen()).toContain(draft.slug);
  });

  it('a stale edit is refused with 409 and nothing is overwritten', async () => {
    const saved = await created();
    const body = { ...post({ slug: saved.slug, title: 'First' }), version: saved.version };
    expect((await staff.json('PUT', `/admin/posts/${saved.id}`, body)).statusCode).toBe(200);
    const stale = await staff.json('PUT', `/admin/posts/${saved.id}`, { ...body, title: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(adminErrorSchema.parse(stale.json()).detail).toMatch(/Someone else changed this/);
  });

  it.each([
    ['slug', { slug: 'Not A Slug' }],
    ['action_link', { action_link: 'javascript:alert(1)' }],
    [
      'links',
      { links: [{ url: 'data:text/html,x', link_text: 'x', description: '', icon_class: '' }] },
    ],
    ['publishing_opens_on', { publishing: 'scheduled' as const, publishing_opens_on: null }],
    ['title', { title: '' }],
  ])('a bad body answers 400 naming the field %s', async (field, over) => {
    const response = await staff.json('POST', '/admin/posts', post(over));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(adminErrorSchema.parse(response.json()).fields ?? {})).toContain(field);
  });

  it('a slug already used is refused next to the field', async () => {
    const saved = await created();
    const again = await staff.json('POST', '/admin/posts', post({ slug: saved.slug }));
    expect(again.statusCode).toBe(400);
    expect(adminErrorSchema.parse(again.json()).fields?.slug).toMatch(/Another post has this slug/);
  });

  it('a form keeps its link rows when refused', async () => {
    const response = await staff.form('/admin/posts', [
      ['post_type', 'resources'],
      ['title', 'Links kept'],
      ['slug', 'BAD'],
      ['body_markdown', ''],
      ['publishing', 'now'],
      ['link_url', 'https://one.example.edu'],
      ['link_label', 'One'],
      ['link_description', ''],
      ['link_icon', ''],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="https://one.example.edu"');
    expect(response.body).toContain('value="Links kept"');
  });

  const upload = (
    id: number,
    content: Buffer,
    type: string,
    csrf = staff.csrf,
    extra: Record<string, string> = {},
  ) => {
    const boundary = '----admin-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.bin"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/admin/posts/${id}/image`,
      headers: {
        cookie: staff.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...extra,
      },
      payload,
    });
  };

  it('a post’s links move up and down by their own buttons, each move audited; a stale move is refused', async () => {
    const link = (text: string) => ({
      url: `https://example.edu/${text.toLowerCase()}`,
      link_text: text,
      description: '',
      icon_class: '',
    });
    const saved = await created({ links: [link('Canvas'), link('Library'), link('Mail')] });
    const editor = (await staff.get(`/admin/posts/${saved.id}`)).body;
    expect(editor).toContain('<h2 id="h-links">Order of the links</h2>');
    expect(editor).toContain('aria-label="Move “Canvas” up" disabled');
    expect(editor).toContain('aria-label="Move “Mail” down" disabled');
    const moved = await staff.form(`/admin/posts/${saved.id}/links`, [
      ['position', '2'],
      ['action', 'up'],
      ['version', String(saved.version)],
    ]);
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(`/admin/posts/${saved.id}?done=saved#h-links`);
    const [entry] = await app.repositories.audit.search({ kind: 'post', limit: 1 });
    expect(entry).toMatchObject({ action: 'admin.post.links.up' });
    expect(entry?.changes?.links?.after).toEqual([link('Canvas'), link('Mail'), link('Library')]);
    const stale = await staff.json('POST', `/admin/posts/${saved.id}/links`, {
      position: 0,
      action: 'down',
      version: saved.version,
    });
    expect(stale.statusCode).toBe(409);
    const down = await staff.json('POST', `/admin/posts/${saved.id}/links`, {
      position: 0,
      action: 'down',
      version: saved.version + 1,
    });
    expect(down.statusCode).toBe(200);
    expect(
      down.json<{ links: Array<{ link_text: string }> }>().links.map((l) => l.link_text),
    ).toEqual(['Mail', 'Canvas', 'Library']);
    const beyond = await staff.json('POST', `/admin/posts/${saved.id}/links`, {
      position: 3,
      action: 'up',
      version: saved.version + 2,
    });
    expect(beyond.statusCode).toBe(400);
    expect(adminErrorSchema.parse(beyond.json()).fields?.links).toBeDefined();
    const student = await adminAs(app, 'student');
    expect(
      (
        await student.json('POST', `/admin/posts/${saved.id}/links`, {
          position: 0,
          action: 'down',
          version: saved.version + 2,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('an uploaded image is re-encoded into four sizes the server serves; the upload itself never is', async () => {
    const saved = await created({ post_type: 'promo' });
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#1f4e79' },
    })
      .png()
      .toBuffer();
    const response = await upload(saved.id, png, 'image/png');
    expect(response.statusCode).toBe(200);
    const after = postSchema.parse({
      ...response.json<object>(),
      pk: saved.id,
      hide_text: false,
      links: [],
    });
    const widths = [];
    for (const url of [after.image, after.large_image, after.medium_image, after.thumbnail_image]) {
      expect(url).toMatch(/^\/media\/post-\d+-[A-Za-z0-9_-]{12}-\w+\.webp$/);
      const file = await app.inject({ url: url ?? '' });
      expect(file.headers['content-type']).toBe('image/webp');
      widths.push((await sharp(file.rawPayload).metadata()).width);
    }
    expect(widths).toEqual([2000, 1200, 800, 400]);
    expect((await app.inject({ url: '/media/p.bin' })).statusCode).toBe(400);
  });

  it('refuses what is not a picture, and a forged upload', async () => {
    const saved = await created();
    expect(
      (await upload(saved.id, Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml')).statusCode,
    ).toBe(400);
    expect((await upload(saved.id, Buffer.from('not a png'), 'image/png')).statusCode).toBe(400);
    expect((await upload(saved.id, Buffer.from('x'), 'image/png', 'forged')).statusCode).toBe(403);
  });

  const picture = (background: string) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
  const imagesOf = (answer: { json: <T>() => T }) =>
    postSchema
      .pick({ image: true, large_image: true, medium_image: true, thumbnail_image: true })
      .parse(answer.json());
  const urlsOf = (images: ReturnType<typeof imagesOf>) => Object.values(images).map(String);

  it('a truncated PNG is refused with 400 and a clear message in the admin form, the post kept, nothing stored', async () => {
    const saved = await created({ title: 'Kept title' });
    const whole = await picture('#1f4e79');
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    const script = await upload(saved.id, truncated, 'image/png');
    expect(script.statusCode).toBe(400);
    expect(adminErrorSchema.parse(script.json()).fields?.image).toMatch(/damaged or cut short/);
    const form = await upload(saved.id, truncated, 'image/png', staff.csrf, {
      accept: 'text/html',
    });
    expect(form.statusCode).toBe(400);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    expect(form.body).toContain('could not be read: it may be damaged or cut short');
    expect(form.body).toContain('value="Kept title"');
    expect(mediaFilesOf(saved.id)).toEqual([]);
  });

  it("a replaced image's files are removed from DATA_DIR/media and its addresses answer 404", async () => {
    const saved = await created();
    const first = imagesOf(await upload(saved.id, await picture('#1f4e79'), 'image/png'));
    expect(mediaFilesOf(saved.id)).toHaveLength(4);
    const second = imagesOf(await upload(saved.id, await picture('#7a1f1f'), 'image/png'));
    for (const url of urlsOf(first)) expect((await app.inject({ url })).statusCode).toBe(404);
    for (const url of urlsOf(second)) expect((await app.inject({ url })).statusCode).toBe(200);
    expect(mediaFilesOf(saved.id).sort()).toEqual(
      urlsOf(second)
        .map((url) => url.slice('/media/'.length))
        .sort(),
    );
  });

  it("a deleted post's image files are removed and its addresses answer 404", async () => {
    const saved = await created();
    const uploaded = await upload(saved.id, await picture('#1f4e79'), 'image/png');
    const images = imagesOf(uploaded);
    const { version } = z.object({ version: z.number() }).parse(uploaded.json());
    const deleted = await staff.json('DELETE', `/admin/posts/${saved.id}`, { version });
    expect(deleted.statusCode).toBe(204);
    for (const url of urlsOf(images)) expect((await app.inject({ url })).statusCode).toBe(404);
    expect(mediaFilesOf(saved.id)).toEqual([]);
  });

  it('deleting asks first and needs the version shown', async () => {
    const saved = await created({ title: 'Old news' });
    expect((await staff.get(`/admin/posts/${saved.id}/delete`)).body).toContain(
      'Delete the post <strong>Old news</strong>?',
    );
    expect(
      (await staff.json('DELETE', `/admin/posts/${saved.id}`, { version: 9 })).statusCode,
    ).toBe(409);
    expect(
      (await staff.form(`/admin/posts/${saved.id}/delete`, [['version', String(saved.version)]]))
        .statusCode,
    ).toBe(303);
    expect((await app.repositories.audit.search({ kind: 'post', limit: 1 }))[0]?.action).toBe(
      'admin.post.delete',
    );
  });
});
