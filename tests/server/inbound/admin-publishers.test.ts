import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAs } from '../routes/admin/admin-client.js';
import { as } from '../routes/next-steps/helpers.js';
import { bearer, inboundApp, taskFor } from './inbound-helpers.js';

describe('the Publishers admin page (superusers only)', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await inboundApp();
    await app.repositories.grants.put('mchen', 'superuser', null, new Date());
  });
  afterEach(async () => app.close());

  it('a superuser adds a publisher, issues a key shown once, sees its calls in the audit, withdraws its item and revokes the key', async () => {
    const root = await adminAs(app, 'staff');
    const student = await as(app, 'student');
    const created = await root.form('/admin/publishers', [
      ['name', 'housing'],
      ['label', 'Housing'],
      ['scopes', 'tasks:write'],
      ['scopes', 'tasks:complete'],
      ['roles', 'student'],
      ['groups', ''],
      ['maxRecipients', '50'],
    ]);
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toMatch(/^\/admin\/publishers\/\d+\?done=created$/);
    const page = (created.headers.location ?? '').replace(/\?.*/, '');

    const issued = await root.form(`${page}/keys`, []);
    expect(issued.statusCode).toBe(201);
    const key = /data-new-key="true">(cpk_housing_[A-Za-z0-9_-]{43})</.exec(issued.body)?.[1] ?? '';
    expect(key).not.toBe('');
    // Shown once: the page does not show it again.
    expect((await root.get(page)).body).not.toContain(key);

    const posted = await app.inject({
      method: 'POST',
      url: '/api/inbound/v1/items',
      headers: bearer(key),
      payload: taskFor(['avalencia']),
    });
    expect(posted.statusCode).toBe(201);
    const after = (await root.get(page)).body;
    expect(after).toContain('POST /api/inbound/v1/items');
    expect(after).toContain('verify-2027');

    const itemId = (
      await app.repositories.inboundItems.find(Number(page.split('/').at(-1)), 'verify-2027')
    )?.id;
    expect((await root.form(`${page}/items/${itemId}/withdraw`, [])).headers.location).toBe(
      `${page}?done=withdrawn`,
    );
    expect(
      (await student.tasks()).some((t) => t.task.title.startsWith('Send your verification')),
    ).toBe(false);

    const keyId = /\/keys\/(k_[0-9a-f]{12})\/revoke/.exec(after)?.[1] ?? '';
    expect((await root.form(`${page}/keys/${keyId}/revoke`, [])).headers.location).toBe(
      `${page}?done=revoked`,
    );
    const refused = await app.inject({
      url: '/api/inbound/v1/items/verify-2027',
      headers: bearer(key),
    });
    expect(refused.statusCode).toBe(401);
  });

  it('a third live key is refused on the page, naming the two live', async () => {
    const root = await adminAs(app, 'staff');
    const created = await root.form('/admin/publishers', [
      ['name', 'library'],
      ['label', 'Library'],
      ['scopes', 'messages:write'],
      ['maxRecipients', '10'],
    ]);
    const page = (created.headers.location ?? '').replace(/\?.*/, '');
    expect((await root.form(`${page}/keys`, [])).statusCode).toBe(201);
    expect((await root.form(`${page}/keys`, [])).statusCode).toBe(201);
    const third = await root.form(`${page}/keys`, []);
    expect(third.statusCode).toBe(409);
    expect(third.body).toContain('already has 2 live keys');
  });

  it('a superuser changes a publisher’s scopes, roles and most recipients on its page: audited, and the next call is held to them', async () => {
    const root = await adminAs(app, 'staff');
    // Two students known to the portal.
    await as(app, 'student');
    await as(app, 'new-student');
    const created = await root.form('/admin/publishers', [
      ['name', 'registrar'],
      ['label', 'Registrar'],
      ['scopes', 'tasks:write'],
      ['roles', 'student'],
      ['maxRecipients', '50'],
    ]);
    const page = (created.headers.location ?? '').replace(/\?.*/, '');
    const id = Number(page.split('/').at(-1));
    const issued = await root.form(`${page}/keys`, []);
    const key =
      /data-new-key="true">(cpk_registrar_[A-Za-z0-9_-]{43})</.exec(issued.body)?.[1] ?? '';
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/inbound/v1/items',
        headers: bearer(key),
        payload: payload as object,
      });
    const message = {
      kind: 'message',
      source_id: 'grades-posted',
      audience: { roles: ['student'] },
      title: 'Grades are posted',
    };
    expect((await post(message)).statusCode).toBe(403);

    // The form shows the publisher as it is.
    const form = (await root.get(page)).body;
    expect(form).toContain('Change what it may do');
    expect(form).toContain('name="scopes" checked="" value="tasks:write"');
    expect(form).not.toContain('name="scopes" checked="" value="messages:write"');

    // A change the rules refuse comes back with its field named, and changes nothing.
    const refused = await root.form(page, [
      ['label', 'Registrar'],
      ['scopes', 'messages:write'],
      ['maxRecipients', '0'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Most recipients per item');
    expect((await app.repositories.inboundPublishers.byId(id))?.max_recipients).toBe(50);

    const changed = await root.form(page, [
      ['label', 'Office of the Registrar'],
      ['scopes', 'messages:write'],
      ['roles', 'student'],
      ['roles', 'faculty'],
      ['groups', 'Transfer, Veteran'],
      ['maxRecipients', '1'],
    ]);
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe(`${page}?done=saved`);
    expect((await app.repositories.audit.search({ kind: 'publisher', limit: 1 }))[0]).toMatchObject(
      {
        action: 'admin.publisher.update',
        objectId: String(id),
        changes: {
          label: { before: 'Registrar', after: 'Office of the Registrar' },
          scopes: { before: ['tasks:write'], after: ['messages:write'] },
          roles: { before: ['student'], after: ['student', 'faculty'] },
          groups: { before: [], after: ['Transfer', 'Veteran'] },
          maxRecipients: { before: 50, after: 1 },
        },
      },
    );
    // The same key, the new rules: messages now, tasks no longer, and at most one person.
    expect((await post(message)).statusCode).toBe(400);
    expect((await post({ ...message, audience: { users: ['avalencia'] } })).statusCode).toBe(201);
    expect((await post(taskFor(['avalencia']))).statusCode).toBe(403);
  });

  it('staff who are not superusers get 403', async () => {
    const plain = await inboundApp();
    try {
      const staff = await adminAs(plain, 'staff');
      expect((await staff.get('/admin/publishers')).statusCode).toBe(403);
      expect(
        (
          await staff.form('/admin/publishers/1', [
            ['label', 'x'],
            ['scopes', 'messages:write'],
          ])
        ).statusCode,
      ).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
