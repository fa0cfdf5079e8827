import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config.js';
import { Secret } from '../../../../server/config/secret.js';
import { preflight } from '../../../../server/preflight.js';
import { checkOperations } from '../../../../server/sis/peoplesoft/check-operations.js';
import { FakePeopleSoft } from '../../../fake-peoplesoft/fake-peoplesoft.js';
import { STUDENT } from '../../../fake-peoplesoft/fixtures.js';

const OPERATIONS = [
  'SCC_GETCONST_R',
  'SSR_GET_ENROLLMENT_R',
  'SCC_GET_SERVICE_INDICATORS_R',
  'SCC_GETPHOTO_R',
  'SSF_GET_STUDENT_ACCOUNT',
  'SFA_GET_STUDENT_AWARDS',
  'SCC_GET_CHECKLIST_R',
  'SCC_GET_NOTIFICATIONS_R',
];

let fake: FakePeopleSoft;
beforeAll(async () => {
  fake = await FakePeopleSoft.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.calls.length = 0;
  for (const op of OPERATIONS) fake.fault(op, null);
});

/** The service account's settings against the double, its password `password` unless told. */
const serviceEnv = (o: { password?: string; emplid?: string } = {}) => ({
  SIS_ADAPTER: 'peoplesoft',
  PEOPLESOFT_BASE_URL: fake.baseUrl,
  PEOPLESOFT_AUTH: 'service',
  PEOPLESOFT_USER: fake.service.user,
  PEOPLESOFT_PASSWORD: o.password ?? fake.service.password,
  ...(o.emplid ? { PEOPLESOFT_CHECK_EMPLID: o.emplid } : {}),
});

/** The pre-flight's SIS line for these settings. */
async function sisLine(env: Record<string, string>, as?: string, token?: string) {
  const lines = await preflight(loadConfig({ DATA_DIR: tmpdir(), ...env }), 2_000, { as, token });
  return lines.find((line) => line.component === 'sis');
}

describe('config:check -- --connect for PeopleSoft (issue 91)', () => {
  it('service account: "connected as <name> (EmplID …)" for the configured test EmplID, one cheap call', async () => {
    const line = await sisLine(serviceEnv({ emplid: STUDENT.emplid }));
    expect(line?.ok).toBe(true);
    expect(line?.detail).toMatch(
      /^reachable, connected as Lucy Garcia \(EmplID 20270042\), the service account PORTAL_SVC accepted/,
    );
    expect(fake.calls).toEqual([{ operation: 'SCC_GETCONST_R', auth: 'basic', who: '20270042' }]);
  });

  it('service account: --as names the test EmplID over the configured one', async () => {
    const line = await sisLine(serviceEnv({ emplid: '99999999' }), STUDENT.emplid);
    expect(line?.detail).toMatch(/connected as Lucy Garcia \(EmplID 20270042\)/);
  });

  it('service account: a wrong password says "refused: <status>" and what to check', async () => {
    const line = await sisLine(serviceEnv({ password: 'not-the-password-1' }), STUDENT.emplid);
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(
      /^FAILED: refused: HTTP 401 \(SCC_GETCONST_R as PORTAL_SVC\): check PEOPLESOFT_USER and PEOPLESOFT_PASSWORD/,
    );
    expect(line?.detail).not.toContain('not-the-password-1');
  });

  it('service account: a failing operation is named with its cause', async () => {
    fake.fault('SCC_GETCONST_R', { kind: 'ib-error', status: 200 });
    const line = await sisLine(serviceEnv({ emplid: STUDENT.emplid }));
    expect(line?.ok).toBe(false);
    expect(line?.detail).toBe(
      'FAILED: SCC_GETCONST_R: answered an Integration Broker error (XML or HTML), not JSON',
    );
    fake.fault('SCC_GETCONST_R', { kind: 'status', status: 500 });
    const down = await sisLine(serviceEnv({ emplid: STUDENT.emplid }));
    expect(down?.detail).toBe('FAILED: SCC_GETCONST_R: PeopleSoft answered 500');
  });

  it('service account without a test EmplID fails, naming PEOPLESOFT_CHECK_EMPLID and --as, calling nothing', async () => {
    const line = await sisLine(serviceEnv());
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(/PEOPLESOFT_CHECK_EMPLID, or --as <EmplID>/);
    expect(fake.calls).toHaveLength(0);
  });

  it("as the student: says the student's token is needed, and that Integration Broker answers (401 without a token)", async () => {
    const line = await sisLine({ SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: fake.baseUrl });
    expect(line?.ok).toBe(true);
    expect(line?.detail).toMatch(
      /^reachable, Integration Broker answers \(SCC_GETCONST_R refused a call without a token, HTTP 401, as it should\); PEOPLESOFT_AUTH=student: every read needs the signed-in student's own token/,
    );
    expect(fake.calls).toEqual([{ operation: 'SCC_GETCONST_R', auth: 'none', who: null }]);
  });

  it('as the student with a test student\'s token (--token-file): "connected as <name> (token accepted)", or "token refused" naming what to check', async () => {
    const env = { SIS_ADAPTER: 'peoplesoft', PEOPLESOFT_BASE_URL: fake.baseUrl };
    const line = await sisLine(env, undefined, fake.token(STUDENT.username));
    expect(line?.ok).toBe(true);
    expect(line?.detail).toMatch(
      /^reachable, connected as Lucy Garcia \(EmplID 20270042\), token accepted, \d+ ms$/,
    );
    expect(fake.calls).toEqual([
      { operation: 'SCC_GETCONST_R', auth: 'bearer', who: STUDENT.username },
    ]);
    const refused = await sisLine(
      env,
      undefined,
      fake.token(STUDENT.username, { aud: 'https://login.example.edu/other' }),
    );
    expect(refused?.ok).toBe(false);
    expect(refused?.detail).toBe(
      'FAILED: token refused (HTTP 401 at SCC_GETCONST_R): check the audience PeopleSoft accepts (PEOPLESOFT_TOKEN_AUDIENCE, the PeopleTools OAuth2 set-up) and that the token is live',
    );
  });

  it('as the student: nothing listening fails with the network error', async () => {
    const line = await sisLine({
      SIS_ADAPTER: 'peoplesoft',
      PEOPLESOFT_BASE_URL: 'http://127.0.0.1:9/PSIGW/RESTListeningConnector/PSFT_CS',
    });
    expect(line?.ok).toBe(false);
    expect(line?.detail).toMatch(/^FAILED: /);
  });
});

describe('sis:check reads each PeopleSoft operation for the named student (issue 91)', () => {
  const service = (password = fake.service.password) => ({
    baseUrl: fake.baseUrl,
    auth: { mode: 'service' as const, user: fake.service.user, password: new Secret(password) },
  });

  it("as the student with a test student's token, each operation read with it", async () => {
    const student = { baseUrl: fake.baseUrl, auth: { mode: 'student' as const } };
    const lines = await checkOperations(student, '', 2_000, fake.token(STUDENT.username));
    expect(lines.map((l) => [l.operation, l.ok])).toEqual(OPERATIONS.map((op) => [op, true]));
    expect(fake.calls.map((c) => [c.auth, c.who])).toEqual(
      OPERATIONS.map(() => ['bearer', STUDENT.username]),
    );
  });

  it('one ok line per operation, with what it holds', async () => {
    const lines = await checkOperations(service(), STUDENT.emplid, 2_000);
    expect(lines.map((l) => [l.operation, l.ok])).toEqual(OPERATIONS.map((op) => [op, true]));
    expect(lines[0]?.detail).toBe('Lucy Garcia, EmplID 20270042');
    expect(lines[1]?.detail).toMatch(/^2 term\(s\) \(2264, 2272\), [1-9]\d* class\(es\)$/);
    expect(lines[2]?.detail).toBe('1 service indicator(s) (RG2)');
    expect(lines.slice(3).map((l) => l.detail)).toEqual([
      'a photo',
      "the account's elements: EMPLID, BUSINESS_UNIT, SSF_OVERALL_ACTBAL, SSF_CHARGES_DUE, SSF_PAYMENTS, SSF_PENDING_AID",
      'aid year 2027',
      '2 checklist item(s)',
      '2 notification(s)',
    ]);
    expect(fake.calls.map((c) => [c.operation, c.auth, c.who])).toEqual(
      OPERATIONS.map((op) => [op, 'basic', STUDENT.emplid]),
    );
  });

  it('a failing operation is an error line with its cause; the others still read', async () => {
    fake.fault('SSR_GET_ENROLLMENT_R', { kind: 'status', status: 500 });
    fake.fault('SCC_GET_SERVICE_INDICATORS_R', { kind: 'latency', ms: 400 });
    const lines = await checkOperations(service(), STUDENT.emplid, 200);
    expect(lines.map((l) => [l.operation, l.ok, l.detail])).toEqual([
      ['SCC_GETCONST_R', true, 'Lucy Garcia, EmplID 20270042'],
      ['SSR_GET_ENROLLMENT_R', false, 'SSR_GET_ENROLLMENT_R: PeopleSoft answered 500'],
      ['SCC_GET_SERVICE_INDICATORS_R', false, 'SCC_GET_SERVICE_INDICATORS_R: no answer in time'],
      ['SCC_GETPHOTO_R', true, 'a photo'],
      ['SSF_GET_STUDENT_ACCOUNT', true, expect.stringMatching(/^the account's elements: /)],
      ['SFA_GET_STUDENT_AWARDS', true, 'aid year 2027'],
      ['SCC_GET_CHECKLIST_R', true, '2 checklist item(s)'],
      ['SCC_GET_NOTIFICATIONS_R', true, '2 notification(s)'],
    ]);
  });

  it('a refused service account is an error line per operation, "refused: HTTP 401"', async () => {
    const lines = await checkOperations(service('wrong-password-1'), STUDENT.emplid, 2_000);
    expect(lines.map((l) => l.ok)).toEqual(OPERATIONS.map(() => false));
    expect(lines[0]?.detail).toMatch(/^refused: HTTP 401 \(SCC_GETCONST_R as PORTAL_SVC\)/);
  });

  it("as the student: one line, Integration Broker's answer to a call without a token", async () => {
    const lines = await checkOperations(
      { baseUrl: fake.baseUrl, auth: { mode: 'student' } },
      STUDENT.username,
      2_000,
    );
    expect(lines.map((l) => [l.operation, l.ok])).toEqual([['SCC_GETCONST_R', true]]);
    expect(lines[0]?.detail).toMatch(/HTTP 401, as it should/);
  });
});
