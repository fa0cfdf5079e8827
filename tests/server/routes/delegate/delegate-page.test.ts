import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { createTestApp } from '../../helpers/app.js';
import { asStudent, parentSharedFinances } from '../../helpers/delegate.js';

const now = new Date('2026-11-27T17:00:00.000Z');

let app: FastifyInstance;
let grantId = 0;
let parent = '';

/** The delegate's page as the browser asks for it. */
async function delegatePage() {
  const answer = await app.inject({
    url: '/auth/delegate',
    headers: { cookie: parent, accept: 'text/html' },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

const person = sisStudent['person-info'];
const studentNumber = person && 'STUDENT_ID' in person ? person.STUDENT_ID : '';

/** What Ana's record holds that no category shows: her student number, address and phone. */
const personal = [
  studentNumber,
  '1825 SW Broadway',
  'Portland',
  '5035550142',
  'Ana Sofia Valencia',
];

beforeAll(async () => {
  app = await createTestApp({ clock: () => now });
  ({ grantId, cookie: parent } = await parentSharedFinances(app));
});
afterAll(async () => {
  await app.close();
});

describe("the delegate's page leads to the portal's own pages, the shared ones alone (issues 73, 88)", () => {
  it('signing in by the emailed link lands on the first shared section of the portal, drawn by the server, so without scripts too', async () => {
    const again = await parentSharedFinances(app, 'second.parent@example.com');
    expect(again.landing).toBe('/finances');
  });

  it('with Finances and holds granted: the shared line and a link to /finances alone; no copy of the record, no student number, address or phone', async () => {
    expect(studentNumber).not.toBe('');
    const page = await delegatePage();
    expect(page).toContain('Ana Valencia shared Finances and holds with you until May 31, 2027');
    expect(page).toContain('<a href="/finances">Finances and holds</a>');
    expect(page).not.toContain('href="/academics"');
    expect(page).not.toContain('id="shared-next-steps"');
    // The record itself is read on the portal's pages, not copied here.
    expect(page).not.toContain('Account balance');
    for (const value of personal) expect(page, value).not.toContain(value);
  });

  it("changed to Academics and Next Steps: a link to /academics and to Next Steps' own app, whose tasks are read there, not listed here; no link to /finances", async () => {
    const changed = await asStudent(app, 'PATCH', `/api/delegations/${grantId}`, {
      categories: ['academics', 'next-steps'],
    });
    expect(changed.statusCode).toBe(200);
    const page = await delegatePage();
    expect(page).toContain('<a href="/academics">Academics: schedule and grades</a>');
    expect(page).toContain('<a href="/next-steps/">Next Steps</a>');
    expect(page).not.toContain('href="/finances"');
    expect(page).not.toContain('id="shared-next-steps"');
    expect(page).not.toContain('Submit your FAFSA');
    for (const value of personal) expect(page, value).not.toContain(value);
  });

  it("the footer's Log out (GET /auth/logout) asks a delegate to end their own session, and ending it signs them out", async () => {
    const { cookie } = await parentSharedFinances(app, 'leaving.parent@example.com');
    const page = await app.inject({
      url: '/auth/logout',
      headers: { cookie, accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<form[^>]*action="\/auth\/delegate\/logout"/);
    expect(page.body).not.toContain('name="csrf"');
    const out = await app.inject({
      method: 'POST',
      url: '/auth/delegate/logout',
      headers: { cookie, accept: 'text/html', origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(303);
    const me = await app.inject({ url: '/auth/delegate/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});
