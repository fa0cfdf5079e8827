import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SHARED_DETAIL } from '../../../../contract/delegates.schema.js';
import { LANGUAGE_COOKIE } from '../../../../contract/language.rules.js';
import { myNextStepsTaskListSchema } from '../../../../contract/next-steps/mynextsteps.schema.js';
import { userTaskListSchema } from '../../../../contract/next-steps/task.schema.js';
import { nextStepsUserListSchema } from '../../../../contract/next-steps/user.schema.js';
import { relativeSharedWith } from '../../helpers/delegate.js';
import { NOW, api, as, nextStepsApp } from './helpers.js';

const TASKS = api('user_task/?published=True');
const USER = api('user/');
const BLOCK = '/api/integrations/mynextsteps/tasks';

/**
 * Issue 88: Next Steps tasks read in delegate capacity where the student shared Next Steps, read
 * only: the routes' own declarations (`config.access`) let the list in and keep every change out.
 */
describe('a delegate reads the Next Steps tasks only where the student shared Next Steps, and changes none (issue 88)', () => {
  let app: FastifyInstance;
  let student: Awaited<ReturnType<typeof as>>;
  beforeAll(async () => {
    app = await nextStepsApp();
    student = await as(app, 'student');
  });
  afterAll(async () => app.close());

  const read = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

  it("a delegate given Next Steps reads the student's own task list and the portal's Next Steps block", async () => {
    const { cookie } = await relativeSharedWith(app, 'next-steps', NOW);
    const own = await student.tasks();
    expect(own.length).toBeGreaterThan(0);
    const list = await read(TASKS, cookie);
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    const tasks = userTaskListSchema.parse(list.json());
    expect(tasks.map((t) => t.id)).toEqual(own.map((t) => t.id));
    const block = await read(BLOCK, cookie);
    expect(block.statusCode).toBe(200);
    expect(myNextStepsTaskListSchema.parse(block.json()).length).toBeGreaterThan(0);
  });

  it("a delegate given Next Steps changes no task: the change is refused and the student's task stays as it was", async () => {
    const { cookie } = await relativeSharedWith(app, 'next-steps', NOW);
    const [task] = await student.tasks();
    if (!task) throw new Error('no sample task');
    const changed = await app.inject({
      method: 'PATCH',
      url: api(`user_task/${String(task.id)}/`),
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { starred: !task.starred, completed_on: '2026-09-15T12:00:00.000Z' },
    });
    expect(changed.statusCode).toBe(403);
    // The change route shows no category to a delegate (`delegate: null`): refused before its body.
    expect(changed.json()).toEqual({ detail: NOT_SHARED_DETAIL });
    const after = (await student.tasks()).find((t) => t.id === task.id);
    expect(after).toEqual(task);
  });

  it("Next Steps' user read in delegate capacity: the student's list under the share, with no token, none of the student's messages and no language of theirs", async () => {
    const { cookie, grant } = await relativeSharedWith(app, 'academics,next-steps', NOW);
    // The delegate's browser keeps their own language choice.
    const answer = await read(USER, `${cookie}; ${LANGUAGE_COOKIE}=es`);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    const [user] = nextStepsUserListSchema.parse(answer.json());
    expect(user).toMatchObject({
      username: 'avalencia',
      first_name: 'Ana',
      auth_token: '',
      user_message: [],
      language: null,
      view_as: null,
      shared: {
        delegation: grant,
        student_name: 'Ana Valencia',
        categories: ['academics', 'next-steps'],
        ends_at: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
      },
    });
    // The language cookie is the reader's own: the student's choice neither sets nor clears it.
    expect(answer.cookies.map((c) => c.name)).not.toContain(LANGUAGE_COOKIE);
    // The student's own read is theirs, as before: a token, no share.
    const own = await app.inject({ url: USER, headers: { cookie: student.cookie } });
    const [self] = nextStepsUserListSchema.parse(own.json());
    expect(self?.auth_token).not.toBe('');
    expect(self?.shared).toBeNull();
    // The settings' reads are the student's own: refused.
    expect((await read(api('student_types/'), cookie)).statusCode).toBe(403);
  });

  it('a delegate not given Next Steps, or whose grant was revoked, gets the refusal, not the tasks', async () => {
    const finances = await relativeSharedWith(app, 'finances', NOW);
    for (const url of [TASKS, BLOCK, USER]) {
      const answer = await read(url, finances.cookie);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ detail: NOT_SHARED_DETAIL });
    }
    const revoked = await relativeSharedWith(app, 'next-steps', NOW);
    expect((await read(TASKS, revoked.cookie)).statusCode).toBe(200);
    await app.repositories.delegations.revoke(revoked.grant, 'student', NOW);
    expect((await read(TASKS, revoked.cookie)).statusCode).toBe(403);
  });
});
