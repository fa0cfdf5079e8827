import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardBlocksSchema } from '../../../../contract/dashboard.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { adminAs } from './admin-client.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
beforeAll(async () => {
  app = await createTestApp();
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

const mandatoryNow = async () => {
  const { token } = await signIn(app, 'student');
  const answer = await app.inject({
    url: '/api/dashboard/blocks',
    headers: { authorization: `Token ${token}` },
  });
  return dashboardBlocksSchema.parse(answer.json()).mandatory;
};

describe('dashboard blocks in the admin: staff mark blocks mandatory', () => {
  it('the page offers every block but the holds, which always are mandatory', async () => {
    const page = await staff.get('/admin/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<legend>Mandatory blocks</legend>');
    expect(page.body).toContain('value="event-calendar"');
    expect(page.body).not.toContain('value="profile-summary"');
    expect(page.body).toContain('always are');
  });

  it('staff mark Events mandatory by the form; the browser is told, and the change is audited', async () => {
    const saved = await staff.form('/admin/dashboard', [
      ['mandatory', 'event-calendar'],
      ['mandatory', 'whats-new'],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/admin/dashboard?done=saved');
    expect(await mandatoryNow()).toEqual(['profile-summary', 'event-calendar', 'whats-new']);
    expect((await staff.get('/admin/dashboard')).body).toMatch(
      /value="event-calendar" checked=""|checked="" value="event-calendar"/,
    );
    const [entry] = await app.repositories.audit.search({ kind: 'dashboard', limit: 1 });
    expect(entry).toMatchObject({
      action: 'admin.dashboard.mandatory',
      changes: { mandatory: { before: [], after: ['event-calendar', 'whats-new'] } },
    });
    expect((await staff.form('/admin/dashboard', [])).statusCode).toBe(303);
    expect(await mandatoryNow()).toEqual(['profile-summary']);
  });

  it('an unknown block is refused with 400 and the form again', async () => {
    const refused = await staff.form('/admin/dashboard', [['mandatory', 'weather']]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Mandatory blocks');
    expect(await mandatoryNow()).toEqual(['profile-summary']);
  });

  it('students may not open it', async () => {
    const student = await adminAs(app, 'student');
    expect((await student.get('/admin/dashboard')).statusCode).toBe(403);
  });
});
