import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTaskSchema } from '../../../../contract/admin/tasks.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';
import { createPost } from './post-input.js';
import { draftTask } from './task-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const newTask = async () => {
  const page = await staff.get('/admin/tasks/new');
  const everyone = Number(/value="(\d+)"\/> <label for="[^"]+">All Students</.exec(page.body)?.[1]);
  const response = await staff.json(
    'POST',
    '/admin/tasks',
    draftTask({ student_type_ids: [everyone] }),
  );
  return adminTaskSchema.parse(response.json());
};

const kinds = [
  { list: '/admin/posts', back: 'back to the posts', create: () => createPost(staff, {}) },
  { list: '/admin/tasks', back: 'go back to the tasks', create: newTask },
];

describe.each(kinds)('the versioned delete of $list', ({ list, back, create }) => {
  it('asks for the version, refuses a stale one, then deletes once', async () => {
    const { id, version } = await create();
    const unversioned = await staff.form(`${list}/${id}/delete`, []);
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.body).toContain(
      `<p>The form is missing its version: <a href="${list}">${back}</a>.</p>`,
    );
    const stale = await staff.form(`${list}/${id}/delete`, [['version', String(version + 1)]]);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(`href="${list}/${id}"`);
    expect(stale.body).toContain('Open the current version');
    const done = await staff.json('DELETE', `${list}/${id}`, { version });
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect((await staff.json('DELETE', `${list}/${id}`, { version })).statusCode).toBe(404);
    expect((await staff.get(`${list}/${id}/delete`)).statusCode).toBe(404);
  });
});
