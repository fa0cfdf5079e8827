import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());
const lastAudit = async (kind: string) => (await app.auditLog.search({ kind, limit: 1 }))[0];

describe('task choices in the admin: categories, student types, notification types', () => {
  it('staff add, rename and delete a category; each change is audited with before and after', async () => {
    const made = await staff.json('POST', '/admin/choices/category', {
      slug: 'parking',
      name: 'Parking',
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: number }>();
    const renamed = await staff.form(`/admin/choices/category/${id}`, [
      ['name', 'Parking & transit'],
      ['slug', 'parking'],
    ]);
    expect(renamed.statusCode).toBe(303);
    expect(await lastAudit('category')).toMatchObject({
      action: 'admin.category.update',
      changes: { name: { before: 'Parking', after: 'Parking & transit' } },
    });
    expect((await staff.get(`/admin/choices/category/${id}/delete`)).body).toContain(
      'Delete the category <strong>Parking &#38; transit</strong>?',
    );
    expect((await staff.form(`/admin/choices/category/${id}/delete`, [])).statusCode).toBe(303);
    expect(await lastAudit('category')).toMatchObject({ action: 'admin.category.delete' });
  });

  it('a category that tasks use is not deleted', async () => {
    const response = await staff.json('DELETE', '/admin/choices/category/1');
    expect(response.statusCode).toBe(409);
    expect(adminErrorSchema.parse(response.json()).detail).toMatch(/Tasks still use it/);
  });

  it.each([
    ['category', { slug: 'Bad Slug', name: 'X' }, 'slug', 'Use lower-case letters'],
    ['category', { name: 'No slug' }, 'slug', 'Enter a slug.'],
    ['student-type', { name: '' }, 'name', 'Enter a name.'],
    ['notification-type', { name: 'x', extra: true }, 'extra', ''],
  ])('a bad %s body answers 400 naming the field %s', async (kind, body, field, message) => {
    const response = await staff.json('POST', `/admin/choices/${kind}`, body);
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.[field]).toContain(message);
  });

  it('a name already used is refused next to the field, keeping what was typed', async () => {
    await staff.json('POST', '/admin/choices/student-type', { name: 'Exchange students' });
    const again = await staff.form('/admin/choices/student-type', [['name', 'exchange students']]);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('That name (or slug) is already used.');
    expect(again.body).toContain('value="exchange students"');
  });

  it.each(['student', 'faculty'] as const)(
    'the %s persona gets 403 on the choices',
    async (persona) => {
      const other = await adminAs(app, persona);
      expect((await other.get('/admin/choices')).statusCode).toBe(403);
      expect(
        (await other.json('POST', '/admin/choices/category', { slug: 'x', name: 'X' })).statusCode,
      ).toBe(403);
      expect((await other.json('DELETE', '/admin/choices/category/1')).statusCode).toBe(403);
    },
  );
});
