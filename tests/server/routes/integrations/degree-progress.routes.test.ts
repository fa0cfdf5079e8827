import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SHARED_DETAIL } from '../../../../contract/delegates.schema.js';
import { degreeHeadlineSchema } from '../../../../contract/sis/degree-headline.schema.js';
import { degreeProgressSchema } from '../../../../contract/sis/degree-progress.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import type { SisAnswer, SisEndpoint } from '../../../../server/sis/endpoints.js';
import type { SisPerson } from '../../../../server/sis/port.js';
import { SisError } from '../../../../server/sis/port.js';
import { SampleSis } from '../../../../server/sis/sample-adapter.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { relativeSharedWith } from '../../helpers/delegate.js';

const now = new Date('2026-11-27T17:00:00.000Z');
const URL = '/api/integrations/finti/degree-progress';

/** The sample SIS, its degree audit down. */
class AuditDown extends SampleSis {
  override async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    if (endpoint === 'degree-progress') throw new SisError(endpoint, 'audit system unreachable');
    return super.read(endpoint, person, term);
  }
}

describe('GET /api/integrations/finti/degree-progress (issue 92)', () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await createTestApp({ clock: () => now, onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => app.close());

  it('the student reads their own audit: both percentages, the blocks and the what-if address', async () => {
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({ url: URL, headers: { authorization: `Token ${token}` } });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    const audit = degreeProgressSchema.parse(answer.json());
    expect([audit.percent_requirements, audit.percent_credits]).toEqual([38, 45]);
    expect(audit.blocks.map((b) => b.kind)).toEqual([
      'degree',
      'general-education',
      'major',
      'minor',
      'not-applied',
    ]);
    expect(audit.what_if_url).toMatch(/^https:\/\//);
  });

  it('is declared a self read, a support read and a delegate read under Academics', () => {
    const route = routes.find((r) => r.url === URL && r.method === 'GET');
    expect(route?.config).toMatchObject({
      access: { self: 'read', support: 'read', delegate: { category: 'academics', may: 'read' } },
    });
  });

  it('a delegate the student shared Academics with reads it; one shared only Finances is refused', async () => {
    const academics = await relativeSharedWith(app, 'academics', now);
    const shared = await app.inject({ url: URL, headers: { cookie: academics.cookie } });
    expect(shared.statusCode, shared.body.slice(0, 200)).toBe(200);
    expect(degreeProgressSchema.parse(shared.json()).catalog_year).toBe('2025–2026');
    const finances = await relativeSharedWith(app, 'finances', now);
    const refused = await app.inject({ url: URL, headers: { cookie: finances.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: NOT_SHARED_DETAIL });
  });

  it('a person with no audit on record gets the Warning answer (the section’s empty state)', async () => {
    const { token } = await signIn(app, 'staff');
    const answer = await app.inject({ url: URL, headers: { authorization: `Token ${token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ p_result: 'Warning' });
  });
});

describe('GET /api/integrations/finti/degree-progress/headline (issue 92: the dashboard card)', () => {
  const HEADLINE = `${URL}/headline`;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await createTestApp({ clock: () => now, onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => app.close());

  it('answers the audit’s own figures, from the audit’s cache entry: no call of its own', async () => {
    const { token } = await signIn(app, 'student');
    const headers = { authorization: `Token ${token}` };
    const audit = degreeProgressSchema.parse((await app.inject({ url: URL, headers })).json());
    const answer = await app.inject({ url: HEADLINE, headers });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['x-cache']).toBe('hit');
    expect(degreeHeadlineSchema.strict().parse(answer.json())).toEqual({
      percent_requirements: audit.percent_requirements,
      percent_credits: audit.percent_credits,
      credits_applied: audit.credits_applied,
      credits_required: audit.credits_required,
    });
    expect(audit.percent_requirements).not.toBe(audit.percent_credits);
  });

  it('is declared as the audit is, a fresh read of it writing only for the student', () => {
    const of = (url: string) => routes.find((r) => r.url === url && r.method === 'GET')?.config;
    expect(of(HEADLINE)).toEqual(of(URL));
    expect(of(HEADLINE)).toMatchObject({ access: { writesOnRead: true } });
  });

  it('a person with no audit on record gets the Warning answer (the card says so)', async () => {
    const { token } = await signIn(app, 'staff');
    const answer = await app.inject({
      url: HEADLINE,
      headers: { authorization: `Token ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ p_result: 'Warning' });
  });

  it('an audit system that fails answers 500 naming the degree progress, as the section’s read', async () => {
    const down = await createTestApp({ clock: () => now, sis: new AuditDown() });
    try {
      const { token } = await signIn(down, 'student');
      const headers = { authorization: `Token ${token}` };
      const answer = await down.inject({ url: HEADLINE, headers });
      expect(answer.statusCode).toBe(500);
      expect(errorSchema.parse(answer.json())).toMatchObject({ component: 'degree-progress' });
    } finally {
      await down.close();
    }
  });
});

describe('a degree audit that fails (issue 92)', () => {
  it('answers the usual section error, 500 naming the component, and the other reads still answer', async () => {
    const app = await createTestApp({ clock: () => now, sis: new AuditDown() });
    try {
      const { token } = await signIn(app, 'student');
      const headers = { authorization: `Token ${token}` };
      const answer = await app.inject({ url: URL, headers });
      expect(answer.statusCode).toBe(500);
      expect(errorSchema.parse(answer.json())).toMatchObject({ component: 'degree-progress' });
      const standing = await app.inject({ url: '/api/integrations/finti/standing', headers });
      expect(standing.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
