import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '../../../../contract/content.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { getAs } from './helpers.js';

describe('a store without sample content (SEED_SAMPLES=0, issue 62)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { SEED_SAMPLES: '0' } });
  });
  afterAll(async () => app.close());

  it('answers the dashboard page, empty, instead of a 404 on every dashboard load', async () => {
    const answer = await getAs(app, 'student', '/api/pages?path=/');
    expect(answer.statusCode).toBe(200);
    expect(pageSchema.parse(answer.json())).toEqual({
      path: '/',
      slug: 'dashboard',
      published: true,
      preview: false,
      preview_as: null,
      posts: [],
    });
  });

  it('any other missing page is still 404', async () => {
    expect((await getAs(app, 'student', '/api/pages?path=/resources')).statusCode).toBe(404);
  });
});
