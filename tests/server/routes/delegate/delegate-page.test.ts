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

describe("the delegate's page shows the granted categories alone (issue 73)", () => {
  it('with Finances and holds granted: the shared line, the balance and the holds; no Academics, Next Steps or messages, no student number, address or phone', async () => {
    expect(studentNumber).not.toBe('');
    const page = await delegatePage();
    expect(page).toContain('Ana Valencia shared Finances and holds with you until May 31, 2027');
    expect(page).toContain('Account balance');
    expect(page).toContain('>Holds</h3>');
    expect(page).not.toContain('id="shared-academics"');
    expect(page).not.toContain('id="shared-next-steps"');
    expect(page).not.toContain('id="shared-messages"');
    expect(page).not.toContain('GPA');
    for (const value of personal) expect(page, value).not.toContain(value);
  });

  it('changed to Academics alone: the GPA and courses, and no balance or holds any more', async () => {
    const changed = await asStudent(app, 'PATCH', `/api/delegations/${grantId}`, {
      categories: ['academics'],
    });
    expect(changed.statusCode).toBe(200);
    const page = await delegatePage();
    expect(page).toContain('Ana Valencia shared Academics: schedule and grades with you until');
    expect(page).toContain('id="shared-academics"');
    expect(page).toContain('3.46');
    expect(page).toContain('Courses this term');
    expect(page).not.toContain('id="shared-finances"');
    expect(page).not.toContain('Account balance');
    for (const value of personal) expect(page, value).not.toContain(value);
  });
});
