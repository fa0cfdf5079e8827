import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.js';

/** What an empty store holds after start, by table: sample data, or nothing but demo mode's own. */
async function storeAfterStart(app: FastifyInstance) {
  const db = app.database.db;
  const count = async (table: 'ns_tasks' | 'content_posts') =>
    Number(
      (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const seedKeys = await db.selectFrom('messages').select('seed_key').execute();
  return {
    tasks: await count('ns_tasks'),
    posts: await count('content_posts'),
    messages: seedKeys.map((row) => row.seed_key ?? ''),
  };
}

describe('sample data (SEED_SAMPLES)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('an empty store gets the sample Next Steps tasks, content and messages by default', async () => {
    app = await createTestApp();
    const store = await storeAfterStart(app);
    expect(store.tasks).toBeGreaterThan(0);
    expect(store.posts).toBeGreaterThan(0);
    expect(store.messages.some((key) => !key.startsWith('demo'))).toBe(true);
  });

  it('with SEED_SAMPLES=0 it gets no sample tasks, content or messages; demo mode keeps its own messages', async () => {
    app = await createTestApp({ env: { SEED_SAMPLES: '0' } });
    const store = await storeAfterStart(app);
    expect(store.tasks).toBe(0);
    expect(store.posts).toBe(0);
    expect(store.messages.length).toBeGreaterThan(0);
    expect(store.messages.every((key) => key.startsWith('demo'))).toBe(true);
  });
});
