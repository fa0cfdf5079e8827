import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { draftTask } from './task-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

describe('who may change Next Steps tasks', () => {
  it('a change without the CSRF token, or from another site, is refused with 403', async () => {
    const forged = await staff.form('/admin/tasks', [['title', 'x']], 'forged');
    expect(forged.statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/admin/tasks',
      headers: {
        cookie: staff.cookie,
        origin: 'https://evil.example',
        'x-csrf-token': staff.csrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(draftTask()),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it.each(['student', 'new-student', 'faculty', 'advisor', 'emeritus'] as const)(
    'the %s persona gets 403 on every task page and change',
    async (persona) => {
      const other = await adminAs(app, persona);
      for (const url of [
        '/admin/tasks',
        '/admin/tasks/new',
        '/admin/tasks/1',
        '/admin/tasks/1/delete',
      ])
        expect((await other.get(url)).statusCode).toBe(403);
      expect((await other.json('POST', '/admin/tasks', draftTask())).statusCode).toBe(403);
      expect(
        (await other.json('PUT', '/admin/tasks/1', { ...draftTask(), version: 1 })).statusCode,
      ).toBe(403);
      expect((await other.json('DELETE', '/admin/tasks/1', { version: 1 })).statusCode).toBe(403);
      expect((await other.form('/admin/tasks/1/delete', [['version', '1']])).statusCode).toBe(403);
    },
  );
});
