import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATE_CATEGORIES } from '../../../../contract/delegates.schema.js';
import { holdsSchema } from '../../../../contract/sis/holds.schema.js';
import { CAMPUS_KEYS, withoutPersonalData } from '../../../../server/delegates/personal-data.js';
import { tokenHash } from '../../../../server/delegates/tokens.js';
import { student as sisStudent } from '../../../../server/sis/fixtures/student.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { categoriesOfAccess } from '../../../../server/auth/access.js';

const now = new Date('2026-11-27T17:00:00.000Z');
let delegate = '';

const person = sisStudent['person-info'];
const studentNumber = person && 'STUDENT_ID' in person ? person.STUDENT_ID : '';
const contact = sisStudent['contact-info'];
const street = contact && 'street_line_1' in contact ? contact.street_line_1 : '';
const zip = contact && 'zip' in contact ? contact.zip : '';

/** Every read a delegate with all four categories may make, with the parameters the reads want. */
const shown: string[] = [];
// The routes' own declarations say which a delegate reads (server/auth/access.ts).
const app: FastifyInstance = await createTestApp({
  clock: () => now,
  onRoute(route) {
    const { method, url, config } = route;
    if (method === 'GET' && config && categoriesOfAccess(config.access).length > 0) shown.push(url);
  },
});
const reads = shown.map((url) =>
  url.endsWith('/user_task/')
    ? `${url}?published=True`
    : /\/(courses|schedule|grades|attendance)$/.test(url)
      ? `${url}?term=202604`
      : url,
);

/** A JSON value without the campus's own properties (a class's building shares the student's ZIP). */
function withoutCampus(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCampus);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !CAMPUS_KEYS.has(key))
      .map(([key, item]) => [key, withoutCampus(item)]),
  );
}

/** Every property name of a JSON value, at any depth, but inside the campus's own (a building's). */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    CAMPUS_KEYS.has(key) ? [key] : [key, ...keysOf(item)],
  );
}

beforeAll(async () => {
  await signIn(app, 'student');
  const student = await app.repositories.users.findByUsername(findPersona('student').username);
  if (!student) throw new Error('no sample student');
  const { delegations, delegateTokens } = app.repositories;
  const parent = await delegations.delegateFor('all@example.com', 'Parent', 'en', now);
  const id = await delegations.add(
    {
      student_id: student.id,
      delegate_id: parent.id,
      categories: DELEGATE_CATEGORIES.join(','),
      purpose: 'answers',
      starts_at: new Date(now.getTime() - 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 86_400_000).toISOString(),
    },
    now,
  );
  await delegations.accept(id, now);
  const sessionId = 'answers-session-0123456789abcdef';
  await delegateTokens.startSession(
    tokenHash(sessionId),
    parent.id,
    id,
    now,
    new Date(now.getTime() + 3_600_000),
  );
  delegate = `portal_delegate=${sessionId}`;
});
afterAll(async () => {
  await app.close();
});

describe("a delegate's answers carry no student number, birth date or address (issue 73)", () => {
  it('the sample record has a student number, street and ZIP code to leak', () => {
    expect([studentNumber, street, zip].every((v) => v !== '')).toBe(true);
  });

  it.each(reads)(
    'no student number, birth date or address in the answer to a delegate of %s',
    async (url) => {
      const answer = await app.inject({ url, headers: { cookie: delegate } });
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      const text = JSON.stringify(withoutCampus(answer.json()));
      for (const value of [studentNumber, street, zip]) expect(text).not.toContain(value);
      const keys = keysOf(answer.json());
      expect(keys.filter((k) => /student_?id|birth|dob|street|address/i.test(k))).toEqual(
        keys.filter((k) => /email_address/i.test(k)),
      );
    },
  );

  it('the holds a delegate gets have no STUDENTID; the student still gets theirs', async () => {
    const toDelegate = await app.inject({
      url: '/api/integrations/finti/holds',
      headers: { cookie: delegate },
    });
    expect(toDelegate.body).toContain('HOLDDESCRIPTION');
    expect(toDelegate.body).not.toContain('STUDENTID');
    const { token } = await signIn(app, 'student');
    const toStudent = await app.inject({
      url: '/api/integrations/finti/holds',
      headers: { authorization: `Token ${token}` },
    });
    expect(holdsSchema.parse(toStudent.json())[0]?.STUDENTID).toBe(studentNumber);
  });
});

describe('withoutPersonalData', () => {
  it('drops the student number, birth date and address properties at any depth, and keeps an advisor’s email address', () => {
    const out = withoutPersonalData(
      JSON.stringify([
        {
          STUDENTID: '1',
          BIRTH_DATE: '2000-01-01',
          street_line_1: 'x',
          zip: '9',
          HOME_ADDRESS: 'y',
          inner: { student_id: '1', dob: 'z' },
          ADV_EMAIL_ADDRESS: 'a@b.c',
          HOLD: 'RH',
        },
      ]),
    );
    expect(JSON.parse(out)).toEqual([{ inner: {}, ADV_EMAIL_ADDRESS: 'a@b.c', HOLD: 'RH' }]);
  });

  it("keeps a class's building whole, its public street address with it (the schedule's contract needs it)", () => {
    const meeting = { ROOM: '102', PLACE: { code: 'EB', address: '1930 SW 4th Ave' }, zip: '9' };
    expect(JSON.parse(withoutPersonalData(JSON.stringify([meeting])))).toEqual([
      { ROOM: '102', PLACE: { code: 'EB', address: '1930 SW 4th Ave' } },
    ]);
  });

  it('gives back the same text when there is nothing to drop, or no JSON', () => {
    const json = '{"HOLD":"RH","n":[1,2]}';
    expect(withoutPersonalData(json)).toBe(json);
    expect(withoutPersonalData('not json')).toBe('not json');
  });
});
