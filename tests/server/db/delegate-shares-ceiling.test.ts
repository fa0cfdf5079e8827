import type { FastifyInstance } from 'fastify';
import { SelectQueryNode } from 'kysely';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATIONS_MAX, delegateMeSchema } from '../../../contract/delegates.schema.js';
import { storedCategories } from '../../../server/delegates/rules.js';
import { delegateAccess, startDelegateSession } from '../../../server/delegates/sign-in.js';
import { sharesOf } from '../../../server/routes/delegate/shares.js';
import { findPersona } from '../../../server/sis/personas.js';
import { createTestApp } from '../helpers/app.js';
import { repositoryStores } from './stores.js';

/**
 * Issue 87: a delegate's shares (the students who granted them access, `/auth/delegate/me`) are
 * read with their ceiling, DELEGATIONS_MAX, as a LIMIT in the query, and only the grants that read
 * now (accepted, not revoked, begun, not ended) are counted towards it: never read whole and cut.
 */
const at = new Date('2026-11-27T12:00:00.000Z');
const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();
const DAY = 86_400_000;

describe.each(repositoryStores('delegate_shares'))('a delegate’s shares on $name', ({ open }) => {
  let app: FastifyInstance;
  let delegateId = 0;
  const active: number[] = [];
  const queries: RootOperationNode[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => Promise.resolve(result),
  };

  beforeAll(async () => {
    const database = await open();
    app = await createTestApp({
      database: { ...database, db: database.db.withPlugin(spy) },
      clock: () => at,
    });
    const r = app.repositories;
    const student = await r.users.upsertFromPersona(findPersona('student'), at);
    delegateId = (await r.delegations.delegateFor('parent@example.com', 'A parent', 'en', at)).id;
    const grant = async (span: { starts: number; ends: number }, accept = true) => {
      const id = await r.delegations.add(
        {
          student_id: student.id,
          delegate_id: delegateId,
          categories: storedCategories(['finances']),
          purpose: 'shares',
          starts_at: iso(span.starts),
          ends_at: iso(span.ends),
        },
        at,
      );
      if (accept) await r.delegations.accept(id, new Date(at.getTime() - DAY));
      return id;
    };
    for (let i = 0; i < DELEGATIONS_MAX + 5; i += 1) {
      active.push(await grant({ starts: -DAY, ends: DAY }));
      // Between them, grants that do not read now: ended, not begun, not accepted, revoked.
      if (i % 20 === 0) {
        await grant({ starts: -2 * DAY, ends: -DAY });
        await grant({ starts: DAY, ends: 2 * DAY });
        await grant({ starts: -DAY, ends: DAY }, false);
        await r.delegations.revoke(await grant({ starts: -DAY, ends: DAY }), 'student', at);
      }
    }
  }, 240_000);
  afterAll(async () => app.close());

  it(`the shares are the newest ${DELEGATIONS_MAX} grants that read now, read with a LIMIT of ${DELEGATIONS_MAX}`, async () => {
    const sessionId = await startDelegateSession(app.repositories, delegateId, at);
    expect(sessionId).toBeDefined();
    queries.length = 0;
    const access = await delegateAccess(app.repositories, sessionId ?? '', at);
    if (!access) throw new Error('no delegate session');
    const shares = await sharesOf(app, access);
    expect(delegateMeSchema.shape.shares.parse(shares)).toHaveLength(DELEGATIONS_MAX);
    expect(shares.map((s) => s.delegation)).toEqual(
      [...active].reverse().slice(0, DELEGATIONS_MAX),
    );
    const grantReads = queries.filter(
      (node) => SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"delegations"'),
    );
    expect(grantReads).toHaveLength(1);
    expect(JSON.stringify((grantReads[0] as SelectQueryNode).limit)).toContain(
      `${DELEGATIONS_MAX}`,
    );
  });

  it('the store answers only grants that read now, newest first, and no more than asked', async () => {
    const read = await app.repositories.delegations.activeOfDelegate(delegateId, at, 3);
    expect(read.map((g) => g.id)).toEqual([...active].reverse().slice(0, 3));
    const later = await app.repositories.delegations.activeOfDelegate(
      delegateId,
      new Date(at.getTime() + 2 * DAY),
      DELEGATIONS_MAX,
    );
    expect(later).toEqual([]);
  });
});
