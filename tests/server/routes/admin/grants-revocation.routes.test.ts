import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { grantListSchema } from '../../../../contract/grants.schema.js';
import { userSchema } from '../../../../contract/user.schema.js';
import { csrfFor } from '../../../../server/plugins/app/session.js';
import { repositoryStores } from '../../db/stores.js';
import { createTestApp, signIn } from '../../helpers/app.js';

type Persona = Parameters<typeof signIn>[1];

/** A browser's credentials for cookie-authenticated changes: session cookie and CSRF token. */
async function browserOf(app: FastifyInstance, persona: Persona) {
  const { cookie } = await signIn(app, persona);
  const csrf = csrfFor(cookie.slice('portal_session='.length));
  return { cookie, headers: { cookie, 'x-csrf-token': csrf } };
}

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

describe.each(repositoryStores('grants_revoked_staff'))('a revoked right ($name)', ({ open }) => {
  it('a revoked staff’s next admin request is refused 403 at once, though their session was checked a moment ago', async () => {
    app = await createTestApp({ database: await open() });
    const current = app;
    await current.repositories.grants.put('mchen', 'superuser', null, new Date());
    await current.repositories.grants.put('rpatel', 'staff', null, new Date());
    const root = await browserOf(current, 'staff');
    const staff = await browserOf(current, 'faculty');
    const admin = () => current.inject({ url: '/admin', headers: { cookie: staff.cookie } });
    const user = async () =>
      userSchema.parse(
        (
          await current.inject({ url: '/api/users/user', headers: { cookie: staff.cookie } })
        ).json(),
      );
    expect((await admin()).statusCode).toBe(200);
    expect((await user()).is_staff).toBe(true);

    const revoked = await current.inject({
      method: 'DELETE',
      url: '/api/admin/grants/rpatel/staff',
      headers: root.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await admin()).statusCode).toBe(403);
    // Reads the session memo would answer see the revocation too.
    expect((await user()).is_staff).toBe(false);
  });
});

describe.each(repositoryStores('grants_self_regrant'))(
  'a revoked superuser ($name)',
  ({ open }) => {
    it('cannot grant itself back while being revoked: the revocation wins, and no grant sent after it answered succeeds', async () => {
      app = await createTestApp({ database: await open() });
      const current = app;
      await current.repositories.grants.put('mchen', 'superuser', null, new Date());
      await current.repositories.grants.put('rpatel', 'superuser', null, new Date());
      const target = await browserOf(current, 'staff');
      const other = await browserOf(current, 'faculty');

      let revokeAnswered = false;
      let stop = false;
      const answers: { status: number; sentAfterRevoke: boolean }[] = [];
      const regrantLoop = (async () => {
        while (!stop) {
          const sentAfterRevoke = revokeAnswered;
          const answer = await current.inject({
            method: 'PUT',
            url: '/api/admin/grants/mchen/superuser',
            headers: target.headers,
          });
          answers.push({ status: answer.statusCode, sentAfterRevoke });
          await sleep(5);
        }
      })();
      await sleep(40);
      const revoked = await current.inject({
        method: 'DELETE',
        url: '/api/admin/grants/mchen/superuser',
        headers: other.headers,
      });
      revokeAnswered = true;
      expect(revoked.statusCode).toBe(204);
      // Until grants sent after the revocation answered have had their answers (not a fixed time:
      // on a busy machine one request may take longer than any sleep chosen here).
      while (answers.filter((a) => a.sentAfterRevoke).length < 3) await sleep(5);
      stop = true;
      await regrantLoop;

      expect(answers.some((a) => !a.sentAfterRevoke && a.status === 200)).toBe(true);
      const after = answers.filter((a) => a.sentAfterRevoke);
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((a) => a.status).filter((status) => status !== 403)).toEqual([]);
      const list = await current.inject({
        url: '/api/admin/grants?username=mchen',
        headers: other.headers,
      });
      expect(grantListSchema.parse(list.json())).toEqual([]);
      expect((await current.repositories.users.findByUsername('mchen'))?.is_superuser).toBe(false);
    });
  },
);
