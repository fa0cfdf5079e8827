import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotSuperuserError, changeRightsAs } from '../../../server/auth/rights.js';
import type { Database } from '../../../server/db/database.js';
import { UsersRepository } from '../../../server/db/repositories/users.repository.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from '../db/stores.js';

describe.each(repositoryStores('rights'))('changing rights on $name', ({ open }) => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  let database: Database;
  let student: { id: number; username: string };
  let staff: { id: number; username: string };

  beforeAll(async () => {
    database = await open();
    const users = new UsersRepository(database.db);
    // The person changed is stored first, so their row comes before the actor's in id order.
    student = await users.upsertFromPersona(findPersona('student'), now);
    staff = await users.upsertFromPersona(findPersona('staff'), now);
  });
  afterAll(async () => database.close());

  const setSuperuser = (username: string, value: boolean) =>
    new UsersRepository(database.db).setFlag(username, 'is_superuser', value, now);

  it('a superuser changes rights: the change runs with repositories bound to its transaction and its answer is returned', async () => {
    await setSuperuser(staff.username, true);
    const answer = await changeRightsAs(database, staff, student.username, async ({ grants }) =>
      grants.put(student.username, 'demo', staff.username, now),
    );
    expect(answer).toMatchObject({ username: student.username, right: 'demo' });
  });

  it('a grant change is refused (403) unless the actor is still a superuser, whatever the person changed is', async () => {
    await setSuperuser(staff.username, false);
    await setSuperuser(student.username, true);
    let ran = false;
    const change = changeRightsAs(database, staff, student.username, async () => {
      ran = true;
    });
    await expect(change).rejects.toBeInstanceOf(NotSuperuserError);
    await expect(change).rejects.toMatchObject({
      name: 'NotSuperuserError',
      statusCode: 403,
      message: 'You do not have permission to perform this action.',
    });
    expect(ran).toBe(false);
    await setSuperuser(student.username, false);
  });

  it('an actor with no stored user is refused (403) like one without the right', async () => {
    await expect(
      changeRightsAs(database, { id: 999_999 }, student.username, async () => 'ran'),
    ).rejects.toBeInstanceOf(NotSuperuserError);
  });
});
