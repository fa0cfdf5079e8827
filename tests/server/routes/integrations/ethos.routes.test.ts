import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { findPersona } from '../../../../server/sis/personas.js';
import { ETHOS_KEY, FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ethosSisFor } from '../../../fake-ethos/ethos-sis.js';
import { createTestApp, signIn } from '../../helpers/app.js';

let fake: FakeEthos;
beforeAll(async () => {
  fake = await FakeEthos.start();
  // The demo sign-in's student persona is the double's student.
  const credentials = fake.data.persons[0]?.credentials ?? [];
  const username = credentials.find((c) => c.type === 'bannerUserName');
  if (username) username.value = findPersona('student').username;
});
afterAll(() => fake.close());

describe('the portal on SIS_ADAPTER=ethos', () => {
  let app: FastifyInstance;
  let auth: { authorization: string };
  let logged = '';
  const get = (read: string) =>
    app.inject({ url: `/api/integrations/finti/${read}`, headers: auth });

  beforeEach(async () => {
    logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    app = await createTestApp({ sis: ethosSisFor(fake), logger: { level: 'trace', stream } });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
  });
  afterEach(async () => app.close());

  it('a student sees their week (a dropped class absent), holds, GPA, advisor and balance', async () => {
    const schedule = await get('schedule?term=202604');
    expect(schedule.statusCode).toBe(200);
    expect(
      schedule
        .json<{ SUBJECTCODE: string }[]>()
        .map((m) => m.SUBJECTCODE)
        .sort(),
    ).toEqual(['CS', 'MTH', 'WR']);
    expect((await get('holds')).json()).toHaveLength(1);
    expect((await get('gpa')).json()).toEqual([
      { GPATYPEINDICATOR: 'O', LEVELCODE: 'UG', GPA: 3.42 },
    ]);
    expect((await get('advisor')).json()).toMatchObject([
      { ADV_NAME: 'Alex Smith', ADV_PRIM: 'Y' },
    ]);
    expect((await get('financial-account-summary')).json()).toMatchObject({
      CHARGES_DETAIL: { CHARGES_BALANCE: 1250.5 },
    });
  });

  it('a failing Ethos resource is the ordinary integration error of that block only; the key and token appear in no answer or log line', async () => {
    fake.fail('section-registrations', { kind: 'status', status: 500 });
    const schedule = await get('schedule?term=202604');
    fake.fail('section-registrations', { kind: 'status', status: 500 }, 0);
    expect(schedule.statusCode).toBe(500);
    expect(errorSchema.parse(schedule.json()).component).toBeTruthy();
    expect((await get('holds')).statusCode).toBe(200);
    expect(schedule.body).not.toContain(ETHOS_KEY);
    expect(logged).not.toContain(ETHOS_KEY);
    expect(logged).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/);
    expect(logged).toContain('section-registrations');
  });
});
