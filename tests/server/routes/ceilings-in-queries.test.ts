import type { FastifyInstance } from 'fastify';
import { SelectQueryNode } from 'kysely';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONSENTS_MAX,
  consentRecordListSchema,
  DELEGATION_VIEWS_MAX,
  DELEGATIONS_MAX,
  delegationListSchema,
} from '../../../contract/delegates.schema.js';
import { GRANTS_MAX, grantListSchema } from '../../../contract/grants.schema.js';
import { categoryListSchema, CHOICES_MAX } from '../../../contract/next-steps/choices.schema.js';
import { storedCategories } from '../../../server/delegates/rules.js';
import { csrfFor } from '../../../server/plugins/app/session.js';
import { findPersona } from '../../../server/sis/personas.js';
import { repositoryStores } from '../db/stores.js';
import { createTestApp, signIn } from '../helpers/app.js';

/**
 * Issue 87: a list's ceiling is read in the store, not cut after the store read everything. Each
 * list holds more rows than its ceiling; the answer holds the ceiling, and a spy on the queries
 * sees the list's SELECT carry a LIMIT.
 */
const at = new Date('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();

describe.each(repositoryStores('ceilings'))('ceilings read in the store on $name', ({ open }) => {
  let app: FastifyInstance;
  let token = '';
  let cookie = '';
  const queries: RootOperationNode[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => Promise.resolve(result),
  };
  /** Whether a SELECT from `table` with a LIMIT of `limit` ran since the last reset. */
  const limited = (table: string, limit: number) =>
    queries.some(
      (node) =>
        SelectQueryNode.is(node) &&
        JSON.stringify(node.from).includes(`"${table}"`) &&
        JSON.stringify(node.limit).includes(`${limit}`),
    );
  let newest = 0;

  beforeAll(async () => {
    const database = await open();
    app = await createTestApp({
      database: { ...database, db: database.db.withPlugin(spy) },
      clock: () => at,
    });
    const r = app.repositories;
    const student = await r.users.upsertFromPersona(findPersona('student'), at);
    for (let i = 1; i <= DELEGATIONS_MAX + 5; i += 1) {
      const delegate = await r.delegations.delegateFor(`c${i}@example.com`, `C ${i}`, 'en', at);
      newest = await r.delegations.add(
        {
          student_id: student.id,
          delegate_id: delegate.id,
          categories: storedCategories(['finances']),
          purpose: `grant ${i}`,
          starts_at: at.toISOString(),
          ends_at: iso(86_400_000),
        },
        at,
      );
    }
    // The newest grant viewed more often than a grant's list shows; the one before it, 3 times.
    const view = (delegation_id: number, i: number) => ({
      delegation_id,
      category: 'finances',
      viewed_at: iso(i * 60_000),
    });
    await app.database.db
      .insertInto('delegate_views')
      .values([
        ...Array.from({ length: DELEGATION_VIEWS_MAX + 5 }, (_, i) => view(newest, i)),
        ...[1, 2, 3].map((i) => view(newest - 1, i)),
      ])
      .execute();
    for (let i = 1; i <= CONSENTS_MAX + 3; i += 1) {
      await r.delegations.sign({
        delegation_id: newest,
        change: 'change',
        student_username: student.username,
        student_name: 'S',
        delegate_name: 'C',
        delegate_email: 'c@example.com',
        categories: storedCategories(['finances']),
        purpose: `record ${i}`,
        starts_at: at.toISOString(),
        ends_at: iso(86_400_000),
        signed_by: student.username,
        signed_at: iso(i * 1000),
      });
    }
    const staff = findPersona('staff').username;
    await r.grants.put(staff, 'superuser', null, at);
    for (let i = 1; i <= GRANTS_MAX + 5; i += 1) {
      await r.grants.put(`person${String(i).padStart(4, '0')}`, 'staff', staff, at);
    }
    await r.nextStepsProfile.addChoices({
      categories: Array.from({ length: CHOICES_MAX + 3 }, (_, i) => ({
        slug: `bulk-${i}`,
        name: `Bulk ${i}`,
      })),
      studentTypes: ['Bulk type'],
      notificationTypes: ['Bulk notice'],
    });
    token = (await signIn(app, 'student')).token;
    cookie = (await signIn(app, 'staff')).cookie;
  }, 300_000);
  afterAll(async () => app.close());
  beforeEach(() => {
    queries.length = 0;
  });

  const asStudent = (url: string) =>
    app.inject({ url, headers: { authorization: `Token ${token}` } });

  it(`a student's grants: the ${DELEGATIONS_MAX} newest, each with its ${DELEGATION_VIEWS_MAX} newest views, read so`, async () => {
    const answer = await asStudent('/api/delegations');
    expect(answer.statusCode).toBe(200);
    const grants = delegationListSchema.parse(answer.json());
    expect(grants).toHaveLength(DELEGATIONS_MAX);
    expect(grants[0]?.id).toBe(newest);
    expect(grants[0]?.views).toHaveLength(DELEGATION_VIEWS_MAX);
    expect(grants[1]?.views).toHaveLength(3);
    expect(limited('delegations', DELEGATIONS_MAX)).toBe(true);
  });

  it(`a grant's consent records: the latest ${CONSENTS_MAX}, oldest first, read so`, async () => {
    const answer = await asStudent(`/api/delegations/${newest}/consents`);
    expect(answer.statusCode).toBe(200);
    const records = consentRecordListSchema.parse(answer.json());
    expect(records).toHaveLength(CONSENTS_MAX);
    expect(records[0]?.purpose).toBe('record 4');
    expect(records.at(-1)?.purpose).toBe(`record ${CONSENTS_MAX + 3}`);
    expect(limited('delegation_consents', CONSENTS_MAX)).toBe(true);
  });

  it(`admin grants: the first ${GRANTS_MAX} by username, read so`, async () => {
    const csrf = csrfFor(cookie.slice('portal_session='.length));
    const headers = { cookie, 'x-csrf-token': csrf };
    const answer = await app.inject({ url: '/api/admin/grants', headers });
    expect(answer.statusCode).toBe(200);
    expect(grantListSchema.parse(answer.json())).toHaveLength(GRANTS_MAX);
    expect(limited('grants', GRANTS_MAX)).toBe(true);
  });

  it(`Next Steps categories: the first ${CHOICES_MAX}, read so`, async () => {
    const answer = await asStudent('/next-steps/api/category/');
    expect(answer.statusCode).toBe(200);
    expect(categoryListSchema.parse(answer.json())).toHaveLength(CHOICES_MAX);
    expect(limited('ns_categories', CHOICES_MAX)).toBe(true);
  });
});
