import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findPersona } from '../../../server/sis/personas.js';
import { signIn } from '../helpers/app.js';
import { as } from '../routes/next-steps/helpers.js';
import { bearer, inboundApp, publisherWithKey } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';

describe('a role reaches the people the records give it (issue 72)', () => {
  let app: FastifyInstance;
  let key: string;
  let publisherId: number;
  beforeEach(async () => {
    app = await inboundApp();
    ({ key, id: publisherId } = await publisherWithKey(app));
  });
  afterEach(async () => app.close());

  /** An account sign-in stored without an SIS record: the default student role, no university ID. */
  const withoutRecord = async (
    username: string,
    rights: { staff: boolean; superuser: boolean },
  ) => {
    const { id: _id, label: _label, ...fields } = findPersona('student');
    const user = await app.repositories.users.upsert(
      {
        ...fields,
        username,
        persona: null,
        nine_number: '',
        primary_role: 'student',
        other_roles: [],
        is_staff: rights.staff,
        is_superuser: rights.superuser,
      },
      app.clock(),
    );
    return user.id;
  };

  it("a staff member and a superuser without an SIS record are not among a student-role item's recipients, nor counted", async () => {
    await as(app, 'student');
    const staff = await withoutRecord('staffer', { staff: true, superuser: false });
    const superuser = await withoutRecord('rootish', { staff: true, superuser: true });
    const student = (await app.repositories.users.findByUsername('avalencia'))!.id;

    const posted = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers: bearer(key),
      payload: {
        kind: 'message',
        source_id: 'refunds',
        audience: { roles: ['student'] },
        title: 'Refunds are on their way',
        body: 'Soon.',
      },
    });
    expect(posted.statusCode).toBe(201);
    const item = await app.repositories.inboundItems.find(publisherId, 'refunds');
    const recipients = await app.repositories.inboundItems.recipientIds(item!.id);
    expect(recipients).toContain(student);
    expect(recipients).not.toContain(staff);
    expect(recipients).not.toContain(superuser);
    expect(posted.json()).toMatchObject({ recipients: recipients.length });
  });

  it('named by username, such an account is outside a student-role publisher’s reach (403)', async () => {
    await withoutRecord('staffer', { staff: true, superuser: false });
    const posted = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers: bearer(key),
      payload: {
        kind: 'message',
        source_id: 'hello',
        audience: { users: ['staffer'] },
        title: 'Hello',
        body: 'Hi.',
      },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json<{ detail: string }>().detail).toContain('staffer');
  });

  it('people named by username are checked against the publisher’s roles themselves, not by reading every holder of them (issue 74: a task for one student read every student)', async () => {
    await signIn(app, 'student');
    const student = await app.repositories.users.findByUsername(findPersona('student').username);
    if (!student) throw new Error('no student stored');
    const byRoles = vi.spyOn(app.repositories.inboundItems, 'usersByRoles');
    const posted = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers: bearer(key),
      payload: {
        kind: 'message',
        source_id: 'one-student',
        audience: { users: [student.username] },
        title: 'Hello',
        body: 'Hi.',
      },
    });
    expect(posted.statusCode).toBe(201);
    // The audience names no role: only the publisher's roles are asked about, for the one student.
    const asked = byRoles.mock.calls.filter(([roles]) => roles.length > 0);
    expect(asked.map(([, among]) => among)).toEqual([[student.id]]);
  });
});
