import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.js';
import type { Database } from '../../../server/db/database.js';
import { SamlRequestsRepository } from '../../../server/db/repositories/saml-requests.repository.js';

describe('the SAML requests awaiting their answer', () => {
  let database: Database;
  let repo: SamlRequestsRepository;
  const now = new Date('2026-09-01T12:00:00Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  beforeEach(async () => {
    database = await openDatabase({ sqliteFile: ':memory:' });
    repo = new SamlRequestsRepository(database.db);
    await repo.save({
      id: '_r1',
      browserHash: 'b1',
      next: '/academics',
      createdAt: now,
      expiresAt: later(10),
    });
  });
  afterEach(async () => database.close());

  it('hands a request to the browser that started it, once', async () => {
    expect(await repo.take('_r1', 'b1', later(1))).toMatchObject({ id: '_r1', next: '/academics' });
    expect(await repo.take('_r1', 'b1', later(1))).toBeUndefined();
  });

  it('keeps a request from another browser, which cannot take it', async () => {
    expect(await repo.take('_r1', 'b2', later(1))).toBeUndefined();
    expect(await repo.take('_r1', 'b1', later(1))).toBeDefined();
  });

  it('hands out no expired request, and deleteExpired removes it', async () => {
    expect(await repo.take('_r1', 'b1', later(10))).toBeUndefined();
    expect(await repo.deleteExpired(later(9))).toBe(0);
    expect(await repo.deleteExpired(later(10))).toBe(1);
  });
});
