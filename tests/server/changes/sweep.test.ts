import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweep } from '../../../server/changes/sweep.js';
import type { SweepOptions } from '../../../server/changes/sweep.js';
import type { Database } from '../../../server/db/database.js';
import { repositoriesOn } from '../../../server/db/repositories.js';
import type { Repositories } from '../../../server/db/repositories.js';
import { personas } from '../../../server/sis/personas.js';
import { repositoryStores } from '../db/stores.js';
import { ChangingSis, financialHold } from './changing-sis.js';

const stores = repositoryStores('changes_sweep');

describe.each(stores)('the changes sweep on $name', ({ open }) => {
  let database: Database;
  let repos: Repositories;
  let sis: ChangingSis;
  let now = new Date('2026-11-25T12:00:00Z');
  const options = (holder = 'one'): SweepOptions => ({
    repos,
    sis,
    clock: () => now,
    concurrency: 2,
    holder,
    leaseMs: 60_000,
    zone: 'America/Los_Angeles',
  });
  const messages = () =>
    database.db
      .selectFrom('messages')
      .select(['title', 'body', 'action_link', 'translations'])
      .where('username', '=', 'avalencia')
      .where('audience', '=', 'person')
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    database = await open();
    repos = repositoriesOn(database.db, database.dialect);
    for (const table of [
      'record_changes',
      'record_fingerprints',
      'ethos_consume',
      'notify_jobs',
    ] as const)
      await database.db.deleteFrom(table).execute();
    await database.db.deleteFrom('messages').where('audience', '=', 'person').execute();
    sis = new ChangingSis();
    now = new Date('2026-11-25T12:00:00Z');
    for (const persona of personas) await repos.users.upsertFromPersona(persona, now);
  });
  afterEach(async () => database.close());

  it('a baseline first; a hold added is told once; a hold removed is told', async () => {
    const first = await sweep(options());
    expect(first?.students).toBeGreaterThan(0);
    expect(first?.changes).toEqual([]);
    expect(await messages()).toEqual([]);

    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 3_600_000);
    const second = await sweep(options());
    expect(second?.changes.map((c) => c.kind)).toEqual(['hold-added']);
    const told = await messages();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'A hold was added: Accounts Receivable Hold',
      body: 'Changes to your record',
      action_link: '/account#holds',
    });
    expect(JSON.parse(told[0]?.translations ?? '{}')).toEqual({
      es: {
        title: 'Se agregó una retención: Accounts Receivable Hold',
        body: 'Cambios en su expediente',
        // The hold's name the campus gives no Spanish for, marked English where it is shown.
        english: ['Accounts Receivable Hold'],
      },
    });

    // A hold added is urgent: its message also goes out through the notification jobs, under the
    // topic "Changes to your record".
    const jobs = () =>
      database.db.selectFrom('notify_jobs').select(['kind', 'topic', 'message_id']).execute();
    const queued = await jobs();
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((j) => j.kind === 'message' && j.topic === 'records')).toBe(true);

    now = new Date(now.getTime() + 3_600_000);
    expect((await sweep(options()))?.changes).toEqual([]);
    expect(await messages()).toHaveLength(1);

    sis.extraHolds = [];
    now = new Date(now.getTime() + 3_600_000);
    expect((await sweep(options()))?.changes.map((c) => c.kind)).toEqual(['hold-removed']);
    // A hold removed is news: by push alone, and this student has no device.
    expect(await jobs()).toHaveLength(queued.length);
    expect((await messages()).map((m) => m.title)).toEqual([
      'A hold was added: Accounts Receivable Hold',
      'A hold was removed: Accounts Receivable Hold',
    ]);
  });

  it('one process at a time: a sweep finding the lease held does nothing', async () => {
    await repos.changesLease.claim('other', now, 60_000);
    expect(await sweep(options())).toBeUndefined();
    expect(await repos.recordChanges.stored(1)).toBeUndefined();
  });

  it('two processes sweeping together tell a change once', async () => {
    await sweep(options());
    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 3_600_000);
    await Promise.all([sweep(options('one')), sweep(options('two'))]);
    await sweep(options('two'));
    expect(await messages()).toHaveLength(1);
  });

  it('a restart: a sweep cut off mid-way is taken up by the next process once its lease lapses, and each change is told once', async () => {
    await sweep(options());
    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 3_600_000);
    // Process one tells the student, then hangs on every later read, as a process killed mid-sweep.
    const student = await repos.users.findByUsername('avalencia');
    const cut = new HangingSis(sis, student?.id ?? 0, repos);
    void sweep({ ...options('one'), sis: cut, concurrency: 1 });
    await cut.cutOff;
    expect(await messages()).toHaveLength(1);
    // While its lease holds, no other process sweeps.
    expect(await sweep(options('two'))).toBeUndefined();
    // The restarted process: new repositories on the same store, after the lease has lapsed.
    now = new Date(now.getTime() + 60_001);
    const restarted = repositoriesOn(database.db, database.dialect);
    const resumed = await sweep({ ...options('two'), repos: restarted });
    expect(resumed?.students).toBeGreaterThan(1);
    expect(resumed?.changes).toEqual([]);
    expect((await messages()).map((m) => m.title)).toEqual([
      'A hold was added: Accounts Receivable Hold',
    ]);
  });

  it('a replay: the same fresh record compared again by a second process raises nothing', async () => {
    await sweep(options());
    sis.extraHolds = [financialHold];
    now = new Date(now.getTime() + 3_600_000);
    const student = await repos.users.findByUsername('avalencia');
    if (!student) throw new Error('no student');
    const stale = await repos.recordChanges.stored(student.id);
    await sweep(options('one'));
    expect(await messages()).toHaveLength(1);
    // The stored fingerprint put back as it was read before: the change's key is already taken.
    await database.db
      .updateTable('record_fingerprints')
      .set({ fingerprint: stale?.fingerprint ?? '', version: stale?.version ?? 0 })
      .where('user_id', '=', student.id)
      .execute();
    await sweep(options('two'));
    expect(await messages()).toHaveLength(1);
  });

  it('a burst of changes within an hour becomes one summary message', async () => {
    await sweep(options());
    sis.extraHolds = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'].map((code) => ({
      ...financialHold,
      HOLD: code,
      HOLDDESCRIPTION: `Hold ${code}`,
    }));
    now = new Date(now.getTime() + 60_000);
    expect((await sweep(options()))?.changes).toHaveLength(6);
    const told = await messages();
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('Changes to your record');
    expect(told[0]?.body).toContain('6 changes to your record:');
    expect(told[0]?.body).toContain('- A hold was added: Hold A6');
  });
});

/**
 * The SIS of a process cut off mid-sweep: it answers until the student's change is told, then every
 * read hangs. `cutOff` resolves when it starts hanging.
 */
class HangingSis extends ChangingSis {
  private cut = false;
  private resolveCut: () => void = () => undefined;
  readonly cutOff = new Promise<void>((resolve) => {
    this.resolveCut = resolve;
  });
  constructor(
    private readonly inner: ChangingSis,
    private readonly studentId: number,
    private readonly repos: Repositories,
  ) {
    super();
  }
  override read: ChangingSis['read'] = async (e, p, term) => {
    if (!this.cut) {
      const told = await this.repos.recordChanges.raisedSince(this.studentId, new Date(0));
      if (told > 0) this.cut = true;
    }
    if (this.cut) {
      this.resolveCut();
      return new Promise(() => undefined);
    }
    return this.inner.read(e, p, term);
  };
}
