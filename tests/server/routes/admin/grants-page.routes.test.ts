import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { rightSchema } from '../../../../contract/grants.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs, plainCells } from './admin-client.js';

let app: FastifyInstance;
let root: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  await app.repositories.grants.put('mchen', 'superuser', null, new Date());
  root = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

describe('who may do what: the grants page (superusers only)', () => {
  it('a superuser grants a right by the form and revokes it after confirming; both are audited', async () => {
    const granted = await root.form('/admin/grants', [
      ['username', 'kparker'],
      ['right', 'demo'],
    ]);
    expect(granted.statusCode).toBe(303);
    const page = await root.get('/admin/grants?done=created');
    expect(page.body).toContain('Granted.');
    expect(plainCells(page.body)).toMatch(
      /<td>kparker<\/td><td>demo<\/td><td>—<\/td><td>mchen<\/td>/,
    );
    const confirm = await root.get('/admin/grants/revoke?username=kparker&right=demo');
    expect(confirm.body).toContain('Revoke <strong>demo</strong> from <strong>kparker</strong>?');
    expect(
      (
        await root.form('/admin/grants/revoke', [
          ['username', 'kparker'],
          ['right', 'demo'],
        ])
      ).statusCode,
    ).toBe(303);
    expect(await app.repositories.grants.list('kparker')).toEqual([]);
    const actions = (await app.repositories.audit.search({ kind: 'grant', limit: 2 })).map(
      (e) => e.action,
    );
    expect(actions).toEqual(['admin.revoke', 'admin.grant']);
  });

  it('the form offers every right the contract names, FERPA included, and grants FERPA', async () => {
    const page = await root.get('/admin/grants');
    for (const right of rightSchema.options) expect(page.body).toContain(`value="${right}"`);
    const granted = await root.form('/admin/grants', [
      ['username', 'fwright'],
      ['right', 'ferpa'],
    ]);
    expect(granted.statusCode).toBe(303);
    expect((await app.repositories.grants.list('fwright')).map((g) => g.right)).toEqual(['ferpa']);
  });

  it('a bad username answers 400 naming the field', async () => {
    const response = await root.json('POST', '/admin/grants', {
      username: 'two words',
      right: 'staff',
    });
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.username).toMatch(/no spaces/);
  });

  it.each([
    ['a right-to-left override', 'admin\u202Enimda'],
    ['a left-to-right embedding', '\u202Akparker'],
    ['an isolate', 'kp\u2067arker\u2069'],
    ['a right-to-left mark', 'kparker\u200F'],
    ['an Arabic letter mark', 'kparker\u061C'],
  ])('a username with %s is refused, naming the field, and nothing is granted', async (_, name) => {
    const response = await root.json('POST', '/admin/grants', { username: name, right: 'staff' });
    expect(response.statusCode).toBe(400);
    expect(adminErrorSchema.parse(response.json()).fields?.username).toMatch(/bidirectional/);
    expect((await app.repositories.grants.list()).map((g) => g.username)).not.toContain(name);
  });

  it('staff who are not superusers get 403, and do not see the section', async () => {
    await app.repositories.grants.put('jokafor', 'staff', null, new Date());
    const staff = await adminAs(app, 'staff');
    const student = await adminAs(app, 'student');
    expect((await student.get('/admin/grants')).statusCode).toBe(403);
    expect(
      (await student.json('POST', '/admin/grants', { username: 'x', right: 'staff' })).statusCode,
    ).toBe(403);
    // mchen is a superuser here; a plain staff member is checked through a fresh app below.
    expect((await staff.get('/admin/tasks')).body).toContain('Who may do what');
  });
});

describe('the grants page for plain staff', () => {
  it('answers 403 to staff who are not superusers, and the admin does not list it', async () => {
    const plain = await createTestApp();
    const staff = await adminAs(plain, 'staff');
    expect((await staff.get('/admin/grants')).statusCode).toBe(403);
    expect(
      (await staff.json('POST', '/admin/grants', { username: 'x', right: 'staff' })).statusCode,
    ).toBe(403);
    expect((await staff.get('/admin')).body).not.toContain('Who may do what');
    await plain.close();
  });
});
