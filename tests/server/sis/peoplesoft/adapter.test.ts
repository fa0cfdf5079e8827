import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Secret } from '../../../../server/config/secret.js';
import { PeopleSoftSis } from '../../../../server/sis/peoplesoft/adapter.js';
import type { PeopleSoftSisOptions } from '../../../../server/sis/peoplesoft/adapter.js';
import { PeopleSoftRefusedError } from '../../../../server/sis/peoplesoft/client.js';
import { SisError } from '../../../../server/sis/port.js';
import type { SisPerson } from '../../../../server/sis/port.js';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';

let fake: FakePeopleSoft;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.calls.length = 0;
  for (const op of ['SCC_GETCONST_R', 'SSR_GET_ENROLLMENT_R', 'SCC_GET_SERVICE_INDICATORS_R']) {
    fake.fault(op, null);
  }
});

const NOW = new Date('2027-01-20T18:00:00Z');

const asStudent = (o: Partial<PeopleSoftSisOptions> = {}) =>
  new PeopleSoftSis({
    baseUrl: fake.baseUrl,
    auth: { mode: 'student' },
    timeoutMs: 2000,
    zone: 'America/Los_Angeles',
    now: () => NOW,
    ...o,
  });

const person = (bearer?: string): SisPerson => ({
  username: STUDENT.username,
  persona: null,
  bearer: bearer ?? fake.token(STUDENT.username),
});

describe('the PeopleSoft adapter against the double, as the student', () => {
  it("forwards the student's sign-in token and reads their profile, schedule, grades and holds", async () => {
    const sis = asStudent();
    const who = person();
    const info = await sis.read('person-info', who);
    expect(info).toMatchObject({
      LEGAL_NAME: 'Lucía María Garcia',
      PREFERRED_NAME: 'Lucy',
      STUDENT_ID: '20270042',
    });
    expect(await sis.read('contact-info', who)).toMatchObject({
      email: 'lgarcia@example.edu',
      city: 'Portland',
    });
    expect(await sis.read('current-term', who)).toEqual({
      p_term_out: '202701',
      display_term: '202701',
    });
    const week = await sis.read('schedule', who, '202701');
    expect(Array.isArray(week) && week.map((m) => m.DAYS)).toEqual(['MWF', 'SU', '']);
    const grades = await sis.read('grades', who, '202604');
    expect(Array.isArray(grades) && grades[0]?.FINALGRADE).toBe('A-');
    const holds = await sis.read('holds', who);
    expect(Array.isArray(holds) && holds.map((h) => h.HOLD)).toEqual(['RG2']);
    expect(new Set(fake.calls.map((c) => c.auth))).toEqual(new Set(['bearer']));
    expect(new Set(fake.calls.map((c) => c.who))).toEqual(new Set([STUDENT.username]));
  });

  it('a cold dashboard makes at most one call per operation, a warm one none (Account and Finances included)', async () => {
    const sis = asStudent();
    const who = person();
    const dashboard = () =>
      Promise.all([
        sis.read('profile', who),
        sis.read('person-info', who),
        sis.read('contact-info', who),
        sis.read('current-term', who),
        sis.read('term-info', who),
        sis.read('courses', who, '202701'),
        sis.read('schedule', who, '202701'),
        sis.read('gpa', who),
        sis.read('holds', who),
        sis.read('financial-account-summary', who),
        sis.read('financial-aid-info', who),
      ]);
    await dashboard();
    expect(fake.calls.map((c) => c.operation).sort()).toEqual([
      'SCC_GETCONST_R',
      'SCC_GETPHOTO_R',
      'SCC_GET_SERVICE_INDICATORS_R',
      'SFA_GET_STUDENT_AWARDS',
      'SSF_GET_STUDENT_ACCOUNT',
      'SSR_GET_ENROLLMENT_R',
    ]);
    fake.calls.length = 0;
    await dashboard();
    expect(fake.calls).toEqual([]);
  });

  it('shares nothing between people: another token is another call', async () => {
    const sis = asStudent();
    await sis.read('gpa', person(fake.token(STUDENT.username)));
    await sis.read('gpa', person(fake.token(STUDENT.username, { expiresInS: 1800 })));
    expect(fake.calls.filter((c) => c.operation === 'SSR_GET_ENROLLMENT_R')).toHaveLength(2);
  });

  it('a token for another audience is refused (401) and becomes a SisError naming the operation', async () => {
    const read = asStudent().read(
      'holds',
      person(fake.token(STUDENT.username, { aud: 'https://other.example.edu' })),
    );
    await expect(read).rejects.toBeInstanceOf(PeopleSoftRefusedError);
    await expect(read).rejects.toThrow('SCC_GET_SERVICE_INDICATORS_R: token refused (401)');
  });

  it('an expired token is refused (401) the same way', async () => {
    const read = asStudent().read('gpa', person(fake.token(STUDENT.username, { expiresInS: -60 })));
    await expect(read).rejects.toThrow('SSR_GET_ENROLLMENT_R: token refused (401)');
  });

  it('a person with no sign-in token is refused before any call', async () => {
    const read = asStudent().read('gpa', { username: STUDENT.username, persona: null });
    await expect(read).rejects.toBeInstanceOf(PeopleSoftRefusedError);
    expect(fake.calls).toHaveLength(0);
  });

  it('a 500 becomes a SisError naming the operation and the status', async () => {
    fake.fault('SSR_GET_ENROLLMENT_R', { kind: 'status', status: 500 });
    await expect(asStudent().read('schedule', person(), '202701')).rejects.toThrow(
      'SSR_GET_ENROLLMENT_R: PeopleSoft answered 500',
    );
  });

  it('an XML error page (IBResponse, an operation switched off) becomes a SisError, its text not repeated', async () => {
    fake.fault('SCC_GETCONST_R', { kind: 'ib-error', status: 200 });
    const read = asStudent().read('person-info', person());
    await expect(read).rejects.toBeInstanceOf(SisError);
    await expect(read).rejects.toThrow(
      'SCC_GETCONST_R: answered an Integration Broker error (XML or HTML), not JSON',
    );
    await expect(read).rejects.not.toThrow(/inactive/);
  });

  it('a slow answer past the read deadline becomes a SisError', async () => {
    fake.fault('SCC_GET_SERVICE_INDICATORS_R', { kind: 'latency', ms: 600 });
    await expect(asStudent({ timeoutMs: 200 }).read('holds', person())).rejects.toThrow(
      'SCC_GET_SERVICE_INDICATORS_R: no answer in time',
    );
  });

  it('a hold added in PeopleSoft shows once the shared answer has aged', async () => {
    let now = NOW.getTime();
    const sis = asStudent({ now: () => new Date(now) });
    const who = person();
    expect(await sis.read('holds', who)).toHaveLength(1);
    fake.addIndicator(STUDENT.username, { SRVC_IND_CD: 'BUR', SRVC_IND_CD_DESCR: 'Bursar hold' });
    now += 31_000;
    const holds = await sis.read('holds', who);
    expect(Array.isArray(holds) && holds.map((h) => h.HOLD)).toEqual(['RG2', 'BUR']);
  });
});

describe('the PeopleSoft adapter against the double, as a service account', () => {
  const service = (password: string) =>
    asStudent({
      auth: { mode: 'service', user: fake.service.user, password: new Secret(password) },
    });

  it("sends basic authentication and the student's EmplID, no bearer token", async () => {
    const sis = service(fake.service.password);
    const who = { username: STUDENT.emplid, persona: null };
    expect(await sis.read('identity', who)).toMatchObject({
      nine_number: STUDENT.emplid,
      primary_role: 'student',
    });
    expect(fake.calls).toEqual([
      { operation: 'SCC_GETCONST_R', auth: 'basic', who: STUDENT.emplid },
    ]);
  });

  it('a wrong password is refused like a token', async () => {
    await expect(
      service('wrong-password').read('holds', { username: STUDENT.emplid, persona: null }),
    ).rejects.toBeInstanceOf(PeopleSoftRefusedError);
  });
});
