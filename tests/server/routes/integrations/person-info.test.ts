import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personInfoSchema } from '../../../../contract/sis/person-info.schema.js';
import { DEMO_COOKIE } from '../../../../server/demo/demo-mode.js';
import { createTestApp, signIn } from '../../helpers/app.js';

/** Every key and value the SIS holds of the sample student that portal.md §3 keeps from display. */
const hidden = [
  'ETHNICITY',
  'BIO_DATA',
  'SO_DESC',
  'GI_DESC',
  'RACE_DATA',
  'RACE_EXPANDED_DESC',
  'Hispanic or Latino',
  'Sample orientation',
  'Sample identity',
  'Sample race',
];

describe('person-info never carries sexual orientation, gender identity, race or ethnicity', () => {
  let app: FastifyInstance;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp();
    ({ token, cookie } = await signIn(app, 'student'));
  });
  afterAll(async () => app.close());

  const read = (headers: Record<string, string>) =>
    app.inject({ url: '/api/integrations/finti/person-info', headers });

  it('sexual orientation, gender identity, race and ethnicity held by the SIS are never sent to the browser', async () => {
    for (const attempt of ['miss', 'hit']) {
      const response = await read({ authorization: `Token ${token}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-cache']).toBe(attempt);
      for (const word of hidden) expect(response.body).not.toContain(word);
      expect(response.json()).toMatchObject({ DISPLAY_NAME: 'Ana Valencia', PRONOUNS: 'she/her' });
    }
  });

  it('the demo profile does not send them either', async () => {
    const response = await read({
      authorization: `Token ${token}`,
      cookie: `${cookie}; ${DEMO_COOKIE}=1`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ DISPLAY_NAME: 'Demo Student' });
    for (const word of hidden.slice(0, 6)) expect(response.body).not.toContain(word);
  });

  it('an upstream answer that carries them is read without them', () => {
    const parsed = personInfoSchema.parse({
      DISPLAY_NAME: 'A',
      PREFERRED_NAME: null,
      LEGAL_NAME: 'A B',
      LEGAL_SEX: null,
      PRONOUNS: null,
      CITIZENSHIP_STATUS: null,
      VETERAN_CLASSIFICATION: null,
      VETERAN_ELIGIBILITY: 'N',
      VETERAN_STATUS: null,
      DISABILITY_CLASSIFICATION: null,
      DISABILITY_STATUS: null,
      EMPLOYEE: 'N',
      STUDENT: 'Y',
      STUDENT_WORKER: 'N',
      STUDENT_ID: '900000001',
      ETHNICITY: 'Not Hispanic or Latino',
      BIO_DATA: { SO_DESC: 'x', GI_DESC: 'y' },
      RACE_DATA: [{ RACE_EXPANDED_DESC: 'z' }],
    });
    expect(Object.keys(parsed)).not.toContain('ETHNICITY');
    expect(JSON.stringify(parsed)).not.toMatch(/BIO_DATA|RACE_DATA|SO_DESC|GI_DESC/);
  });
});
