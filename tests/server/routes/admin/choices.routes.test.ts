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
const lastAudit = async (kind: string) =>
  (await app.repositories.audit.search({ kind, limit: 1 }))[0];

describe('task choices in the admin: categories, student types, notification types', () => {
  it('every id on the choices page is used once, across the three kinds and their forms', async () => {
    await staff.json('POST', '/admin/choices/student-type', { name: 'Commuter' });
    await staff.json('POST', '/admin/choices/notification-type', { name: 'Commuter news' });
    const ids = [...(await staff.get('/admin/choices')).body.matchAll(/ id="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

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
      ['previous_name', 'Parking'],
      ['previous_slug', 'parking'],
    ]);
    expect(renamed.statusCode).toBe(303);
    expect(await lastAudit('category')).toMatchObject({
      action: 'admin.category.update',
      changes: { name: { before: 'Parking', after: 'Parking & transit' } },
    });
    expect((await staff.get(`/admin/choices/category/${id}/delete`)).body).toContain(
      'Delete the category <strong>Parking &amp; transit</strong>?',
    );
    expect((await staff.form(`/admin/choices/category/${id}/delete`, [])).statusCode).toBe(303);
    expect(await lastAudit('category')).toMatchObject({ action: 'admin.category.delete' });
  });

  it('a stale rename is refused with 409 and a clear message, keeping the name typed; renaming again replaces theirs', async () => {
    const made = await staff.json('POST', '/admin/choices/student-type', { name: 'Veterans' });
    const { id } = made.json<{ id: number }>();
    const form = (await staff.get('/admin/choices')).body;
    expect(form).toContain('<input type="hidden" name="previous_name" value="Veterans"/>');
    // Someone else renames it first…
    const theirs = await staff.json('PUT', `/admin/choices/student-type/${id}`, {
      name: 'Student veterans',
      previous_name: 'Veterans',
    });
    expect(theirs.statusCode).toBe(200);
    expect(await lastAudit('student-type')).toMatchObject({
      action: 'admin.student-type.update',
      changes: { name: { before: 'Veterans', after: 'Student veterans' } },
    });
    // …then this form, still showing "Veterans", is sent.
    const mine = await staff.form(`/admin/choices/student-type/${id}`, [
      ['name', 'Military-connected'],
      ['previous_name', 'Veterans'],
    ]);
    expect(mine.statusCode).toBe(409);
    expect(mine.body).toContain(
      'Someone else renamed this to “Student veterans” while you were editing.',
    );
    expect(mine.body).toContain('value="Military-connected"');
    expect(mine.body).toContain(
      '<input type="hidden" name="previous_name" value="Student veterans"/>',
    );
    const script = await staff.json('PUT', `/admin/choices/student-type/${id}`, {
      name: 'Military-connected',
      previous_name: 'Veterans',
    });
    expect(script.statusCode).toBe(409);
    expect(adminErrorSchema.parse(script.json()).fields?.name).toMatch(/Someone else renamed/);
    expect(await lastAudit('student-type')).toMatchObject({
      changes: { name: { after: 'Student veterans' } },
    });
    const again = await staff.form(`/admin/choices/student-type/${id}`, [
      ['name', 'Military-connected'],
      ['previous_name', 'Student veterans'],
    ]);
    expect(again.statusCode).toBe(303);
    expect(await lastAudit('student-type')).toMatchObject({
      changes: { name: { before: 'Student veterans', after: 'Military-connected' } },
    });
  });

  it('a category rename someone else made first (its slug) is refused', async () => {
    const made = await staff.json('POST', '/admin/choices/category', {
      slug: 'dining',
      name: 'Dining',
    });
    const { id } = made.json<{ id: number }>();
    const rename = (slug: string, previous_slug: string) =>
      staff.json('PUT', `/admin/choices/category/${id}`, {
        name: 'Dining',
        slug,
        previous_name: 'Dining',
        previous_slug,
      });
    expect((await rename('food', 'dining')).statusCode).toBe(200);
    expect((await rename('meals', 'dining')).statusCode).toBe(409);
  });

  it('a rename without the name it was made from is refused, naming the field', async () => {
    const response = await staff.json('PUT', '/admin/choices/notification-type/1', {
      name: 'Texts',
    });
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.previous_name).toMatch(
      /reload the page/,
    );
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
