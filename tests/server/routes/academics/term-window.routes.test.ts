import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import { TERM_WINDOW, isTermInWindow } from '../../../../contract/terms.rules.js';
import { FakeSis } from '../../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/** Every term code from `fromYear` to `toYear`, quarter by quarter. */
const termsBetween = (fromYear: number, toYear: number) => {
  const terms: string[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    for (let quarter = 1; quarter <= 4; quarter += 1) terms.push(`${year}0${quarter}`);
  }
  return terms;
};

describe('terms are limited to the window the SIS serves, for every term parameter', () => {
  // Fall 2026: the window runs from Fall 2016 (40 terms back) to Fall 2027 (4 terms ahead).
  const now = new Date('2026-11-02T18:00:00.000Z');
  let fake: FakeSis;
  let app: FastifyInstance;
  let auth: { authorization: string };

  const asks: [string, (term: string) => Promise<{ statusCode: number; json: () => unknown }>][] = [
    [
      'GET /api/academics/attendance',
      (term) => app.inject({ url: `/api/academics/attendance?term=${term}`, headers: auth }),
    ],
    [
      'POST /api/academics/attendance/read',
      (term) =>
        app.inject({
          method: 'POST',
          url: '/api/academics/attendance/read',
          headers: auth,
          payload: { term, crn: '41234' },
        }),
    ],
    [
      'GET /api/integrations/finti/courses',
      (term) => app.inject({ url: `/api/integrations/finti/courses?term=${term}`, headers: auth }),
    ],
    [
      'GET /api/integrations/finti/schedule',
      (term) => app.inject({ url: `/api/integrations/finti/schedule?term=${term}`, headers: auth }),
    ],
    [
      'GET /api/integrations/finti/grades',
      (term) => app.inject({ url: `/api/integrations/finti/grades?term=${term}`, headers: auth }),
    ],
  ];

  beforeAll(async () => {
    fake = await FakeSis.start();
  });
  afterAll(async () => fake.close());
  beforeEach(async () => {
    app = await createTestApp({
      clock: () => now,
      // The calls counted are the reads' own: no record-changes baseline read at sign-in beside them.
      env: {
        SIS_BASE_URL: fake.url,
        SIS_TOKEN: 'sis-secret',
        SIS_TIMEOUT_MS: '2000',
        CHANGES: 'off',
      },
    });
    auth = { authorization: `Token ${(await signIn(app, 'student')).token}` };
  });
  afterEach(async () => app.close());

  it('the window is the current quarter, 40 terms back and 4 ahead', () => {
    expect(TERM_WINDOW).toEqual({ termsBack: 40, termsAhead: 4 });
    expect(isTermInWindow('201604', now)).toBe(true);
    expect(isTermInWindow('201603', now)).toBe(false);
    expect(isTermInWindow('202704', now)).toBe(true);
    expect(isTermInWindow('202801', now)).toBe(false);
  });

  it.each(asks.map(([name, ask]) => [name, ask] as const))(
    '%s answers an out-of-window term 400 {detail} before any SIS call or cache read',
    async (_name, ask) => {
      const read = vi.spyOn(app.cache, 'read');
      const before = fake.calls.length;
      for (const term of ['000001', '199904', '201603', '202801', '999904']) {
        const response = await ask(term);
        expect(response.statusCode).toBe(400);
        expect(errorSchema.parse(response.json())).toEqual({
          detail: 'term: no such term for this student',
        });
      }
      expect(fake.calls.length).toBe(before);
      expect(read).not.toHaveBeenCalled();
    },
  );

  it('the first and last terms of the window still reach the SIS', async () => {
    const [, courses] = asks[2] ?? [];
    for (const term of ['201604', '202704']) {
      expect((await courses?.(term))?.statusCode).not.toBe(400);
    }
    expect(fake.calls.filter((c) => c.read === 'courses').map((c) => c.term)).toEqual(
      expect.arrayContaining(['201604', '202704']),
    );
  });

  it('asking for 204 terms of attendance makes at most 45 SIS calls, one per term of the window', async () => {
    const before = fake.callsTo('courses');
    const answers = new Map<number, number>();
    for (const term of termsBetween(1990, 2040)) {
      const { statusCode } = await app.inject({
        url: `/api/academics/attendance?term=${term}`,
        headers: auth,
      });
      answers.set(statusCode, (answers.get(statusCode) ?? 0) + 1);
    }
    const window = TERM_WINDOW.termsBack + 1 + TERM_WINDOW.termsAhead;
    expect(fake.callsTo('courses') - before).toBeLessThanOrEqual(window);
    expect(answers.get(400)).toBe(204 - window);
  });
});
