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
    const page = created.headers.location ?? '';
    expect(page).toMatch(/^\/admin\/publishers\/\d+$/);

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
    expect((await root.form(`${page}/items/${itemId}/withdraw`, [])).statusCode).toBe(303);
    expect(
      (await student.tasks()).some((t) => t.task.title.startsWith('Send your verification')),
    ).toBe(false);

    const keyId = /\/keys\/(k_[0-9a-f]{12})\/revoke/.exec(after)?.[1] ?? '';
    expect((await root.form(`${page}/keys/${keyId}/revoke`, [])).statusCode).toBe(303);
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
    const page = created.headers.location ?? '';
    expect((await root.form(`${page}/keys`, [])).statusCode).toBe(201);
    expect((await root.form(`${page}/keys`, [])).statusCode).toBe(201);
    const third = await root.form(`${page}/keys`, []);
    expect(third.statusCode).toBe(409);
    expect(third.body).toContain('already has 2 live keys');
  });

  it('staff who are not superusers get 403', async () => {
    const plain = await inboundApp();
    try {
      const staff = await adminAs(plain, 'staff');
      expect((await staff.get('/admin/publishers')).statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
