import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfFor } from '../../../../server/plugins/app/session.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('/admin/consents: staff with the FERPA right see and revoke the access students grant (issue 73)', () => {
  let app: FastifyInstance;
  let grantId = 0;
  const staff = findPersona('staff').username;

  beforeAll(async () => {
    app = await createTestApp();
    const student = await signIn(app, 'student');
    const answer = await app.inject({
      method: 'POST',
      url: '/api/delegations',
      headers: { authorization: `Token ${student.token}` },
      payload: {
        name: 'María Valencia',
        email: 'maria.valencia@example.com',
        categories: ['finances'],
        purpose: 'Paying the bills',
      },
    });
    grantId = (answer.json() as { id: number }).id;
  });
  afterAll(async () => app.close());

  const asStaff = async () => {
    const { cookie } = await signIn(app, 'staff');
    const csrf = csrfFor(cookie.slice('portal_session='.length));
    return { cookie, csrf };
  };

  it('staff without the FERPA right are refused (403)', async () => {
    const { cookie } = await asStaff();
    expect((await app.inject({ url: '/admin/consents', headers: { cookie } })).statusCode).toBe(
      403,
    );
  });

  it('with the FERPA right: the grants, a grant with its consent records, and its revocation, which is recorded as a new consent record', async () => {
    await app.repositories.grants.put(staff, 'ferpa', null, new Date());
    const { cookie, csrf } = await asStaff();
    const list = await app.inject({ url: '/admin/consents', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('María Valencia');
    const detail = await app.inject({ url: `/admin/consents/${grantId}`, headers: { cookie } });
    expect(detail.body).toContain('Paying the bills');
    expect(detail.body).toContain('Consent record');
    const revoked = await app.inject({
      method: 'POST',
      url: `/admin/consents/${grantId}/revoke`,
      payload: `csrf=${encodeURIComponent(csrf)}`,
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
      },
    });
    expect(revoked.statusCode).toBe(303);
    const after = await app.inject({ url: `/admin/consents/${grantId}`, headers: { cookie } });
    expect(after.body).toContain('(revoke)');
    expect(after.body).toContain(`by ${staff}`);
    expect(after.body).not.toContain('Revoke this grant');
  });
});
