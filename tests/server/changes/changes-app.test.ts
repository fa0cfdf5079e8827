import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../server/config.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { ChangingSis, financialHold } from './changing-sis.js';

describe('changes to a student record in the portal', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it("a hold added reaches the student's bell, once, linking to their holds", async () => {
    const sis = new ChangingSis();
    app = await createTestApp({ sis });
    await signIn(app, 'student');
    expect((await app.changes.sweep())?.changes).toEqual([]);
    sis.extraHolds = [financialHold];
    expect((await app.changes.sweep())?.changes.map((c) => c.kind)).toEqual(['hold-added']);
    expect((await app.changes.sweep())?.changes).toEqual([]);
    // What the bell and Messages read for the student (signed in for real, not in demo mode).
    const user = await app.repositories.users.findByUsername('avalencia');
    if (!user) throw new Error('no user');
    const bell = await app.repositories.messages.forRecipient(
      { id: user.id, username: user.username, roles: ['student'] },
      new Date(),
    );
    const told = bell.filter((m) => m.title.startsWith('A hold was added'));
    expect(told).toEqual([
      expect.objectContaining({
        title: 'A hold was added: Accounts Receivable Hold',
        action_link: '/account#holds',
      }),
    ]);
  });

  it('a hold a rule names opens a Next Steps task, and its removal completes it', async () => {
    const sis = new ChangingSis();
    app = await createTestApp({ sis });
    await signIn(app, 'student');
    await app.changes.sweep();
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    const db = app.database.db;
    const task = () =>
      db
        .selectFrom('inbound_items as i')
        .innerJoin('ns_tasks as t', 't.inbound_item_id', 'i.id')
        .innerJoin('inbound_recipients as r', 'r.item_id', 'i.id')
        .select(['t.title', 't.ends_on_day', 'r.completed_at', 'i.action_link'])
        .where('i.source_id', 'like', 'record:avalencia:hold-added:AR%')
        .execute();
    expect(await task()).toEqual([
      expect.objectContaining({
        title: 'Pay your past-due balance',
        action_link: '/finances',
        completed_at: null,
      }),
    ]);
    sis.extraHolds = [];
    await app.changes.sweep();
    const [done] = await task();
    expect(done?.completed_at).not.toBeNull();
  });

  it('CHANGES=off: no sweep', async () => {
    app = await createTestApp({ env: { CHANGES: 'off' } });
    expect(app.config.changes).toEqual({ enabled: false, sweepMinutes: 60, sisConcurrency: 4 });
    expect(await app.changes.sweep()).toBeUndefined();
  });

  it('CHANGES_SWEEP_MINUTES and SIS_CONCURRENCY are read, and checked', async () => {
    app = await createTestApp({ env: { CHANGES_SWEEP_MINUTES: '15', SIS_CONCURRENCY: '8' } });
    expect(app.config.changes).toEqual({ enabled: true, sweepMinutes: 15, sisConcurrency: 8 });
    await expect(createTestApp({ env: { CHANGES_SWEEP_MINUTES: '0' } })).rejects.toThrow(
      /CHANGES_SWEEP_MINUTES/,
    );
  });

  it('the sweep interval can be set as short as one minute, not shorter (issue 91)', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(loadConfig({ ...base, CHANGES_SWEEP_MINUTES: '1' }).changes.sweepMinutes).toBe(1);
    for (const shorter of ['0', '0.5']) {
      expect(() => loadConfig({ ...base, CHANGES_SWEEP_MINUTES: shorter })).toThrow(
        /CHANGES_SWEEP_MINUTES/,
      );
    }
  });
});
