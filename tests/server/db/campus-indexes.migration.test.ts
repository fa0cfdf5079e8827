import { Kysely, SqliteDialect } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { MessagesRepository } from '../../../server/db/repositories/messages.repository.js';
import type { DatabaseSchema } from '../../../server/db/schema.js';
import { userRow } from '../../fixtures/store-rows.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');

/**
 * Migration 030: a person's Messages read their own messages on (audience, username), not every
 * message to one person (19,000 of them at campus size, bench:campus).
 */
describe('a person’s messages on SQLite', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    await database.db.insertInto('users').values(userRow('student1', NOW)).execute();
    await database.db
      .insertInto('messages')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          audience: i % 10 === 0 ? 'everyone' : 'person',
          username: i % 10 === 0 ? null : `student${i % 4}`,
          role: null,
          title: `Message ${i}`,
          body: 'A note.',
          action_link: null,
          created_on: new Date(NOW.getTime() - i * 60_000).toISOString(),
          expires_on: null,
          seed_key: null,
        })),
      )
      .execute();
  });
  afterAll(() => database.close());

  it('are read on messages_audience_username (migration 030), their own only', async () => {
    const statements: CompiledQuery[] = [];
    // The same connection, its statements logged (not destroyed: that would close it).
    const logged = new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: database.sqlite!.connection }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'student1')
      .executeTakeFirstOrThrow();
    const messages = await new MessagesRepository(logged).forRecipient(
      { id: user.id, username: 'student1', roles: ['student'] },
      NOW,
    );
    expect(messages).toHaveLength(4 + 10);
    const read = statements.filter((q) => /from "messages"/.test(q.sql));
    expect(read).toHaveLength(1);
    const plan = database
      .sqlite!.connection.prepare(`EXPLAIN QUERY PLAN ${read[0]!.sql}`)
      .all(...(read[0]!.parameters as unknown[]))
      .map((row) => (row as { detail: string }).detail);
    expect(plan).toContainEqual(
      expect.stringMatching(/INDEX messages_audience_username \(audience=\? AND username=\?\)/),
    );
    expect(plan.filter((detail) => /^SCAN messages\b/.test(detail))).toEqual([]);
  });
});
