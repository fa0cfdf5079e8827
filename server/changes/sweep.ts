import type { Repositories } from '../db/repositories.js';
import type { SisPerson, SisPort } from '../sis/port.js';
import type { RecordItems } from '../sis/record-items.js';
import { parseFingerprint } from './fingerprint.js';
import type { Change } from './kinds.js';
import { storedRules } from './tasks.js';
import type { TaskRule } from './tasks.js';
import type { Student } from './raise.js';
import { readRecord } from './read.js';
import { publishRecordItems } from './record-items.js';
import type { FreshRecord } from './read.js';
import { tellChanges } from './tell.js';
import type { RecordNames } from './texts.js';

export interface SweepOptions {
  repos: Repositories;
  sis: SisPort;
  clock: () => Date;
  /** Students read at once (`SIS_CONCURRENCY`). */
  concurrency: number;
  /** This process, as the lease names it. */
  holder: string;
  leaseMs: number;
  /** The campus time zone: a task's due day ends at midnight there. */
  zone: string;
  /** The campus's Spanish names for record values (`TellContext.names`). */
  names?: RecordNames;
  /** The rules turning changes into Next Steps tasks; by default the stored ones. */
  rules?: readonly TaskRule[];
  /**
   * Only the students with no fingerprint yet (their baseline): the Ethos adapter, whose change
   * notifications name the others.
   */
  baselinesOnly?: boolean;
  /**
   * What the SIS itself asks of or tells each student (PeopleSoft's checklist and notifications),
   * published as Next Steps tasks and messages (record-items.ts); none: the SIS has no such items.
   */
  recordItems?: (person: SisPerson) => Promise<RecordItems>;
  /** A fresh account balance read (in cents): posts the payments it dropped by (issue 89). */
  onBalance?: (student: Student, balanceCents: number) => Promise<unknown>;
  /** A student's read failed: logged by the caller; the student is compared next time. */
  onError?: (student: Student, err: unknown) => void;
  /** Parts of a student's record could not be read: compared without them, logged by the caller. */
  onUnread?: (student: Student, unread: readonly string[]) => void;
}

export interface SweepResult {
  students: number;
  changes: Change[];
}

/** New students' first fingerprints written in one statement (one commit). */
const BASELINES_AT_ONCE = 100;

/**
 * Stored fingerprints read in one statement, ahead of the batches that compare them: on PostgreSQL
 * a round trip a batch of `SIS_CONCURRENCY` was the baseline sweep's most frequent statement.
 */
const STORED_AT_ONCE = 100;

const STUDENT_ROLES = new Set(['student', 'student_worker']);

/** Lets the event loop serve what waits (requests, timers) before the next batch. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rests `ms` (at most a second), or yields once. */
export const rest = (ms: number) =>
  ms < 1
    ? yieldToOthers()
    : new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 1000)));

/** The batch's SIS items read side by side, then each student's published in turn. */
async function publishItems(
  o: SweepOptions,
  read: (person: SisPerson) => Promise<RecordItems>,
  batch: readonly Student[],
): Promise<void> {
  const items = await Promise.all(
    batch.map((s) =>
      read({ username: s.username, persona: null }).catch((err: unknown) => {
        o.onError?.(s, err);
        return undefined;
      }),
    ),
  );
  for (const [k, s] of batch.entries()) {
    const mine = items[k];
    if (mine === undefined) continue;
    await publishRecordItems(
      { repos: o.repos, now: o.clock(), zone: o.zone },
      s.username,
      mine,
    ).catch((err: unknown) => o.onError?.(s, err));
  }
}

/**
 * One sweep (issue 74): under the store's lease (one process at a time), every stored student's
 * record read afresh, `concurrency` at a time, and compared with the last fingerprint. Undefined when
 * another process holds the lease. A student whose read fails keeps the last fingerprint.
 */
export async function sweep(o: SweepOptions): Promise<SweepResult | undefined> {
  const claimed = await o.repos.changesLease.claim(o.holder, o.clock(), o.leaseMs);
  if (claimed === undefined) return undefined;
  try {
    const people = await o.repos.users.withRoles();
    let students = people.filter(
      (p) =>
        STUDENT_ROLES.has(p.primary_role) ||
        (JSON.parse(p.other_roles) as string[]).some((r) => STUDENT_ROLES.has(r)),
    );
    if (o.baselinesOnly) {
      const known = new Set<number>();
      for (let i = 0; i < students.length; i += 500)
        for (const id of await o.repos.recordChanges.withBaseline(
          students.slice(i, i + 500).map((s) => s.id),
        ))
          known.add(id);
      students = students.filter((s) => !known.has(s.id));
    }
    const rules = o.rules ?? (await storedRules(o.repos));
    const changes: Change[] = [];
    let baselines: Array<{ userId: number; fingerprint: string }> = [];
    const writeBaselines = async () => {
      if (baselines.length === 0) return;
      const rows = baselines;
      baselines = [];
      await o.repos.recordChanges.baselines(rows, o.clock());
    };
    let claimedAt = o.clock().getTime();
    // The stored fingerprints of the students before `storedTo`, read a page at a time.
    let stored = new Map<number, string>();
    let storedTo = 0;
    for (let i = 0; i < students.length; i += o.concurrency) {
      const started = performance.now();
      // The lease is renewed when a third of it has passed; lost to another process, this one stops.
      if (o.clock().getTime() - claimedAt > o.leaseMs / 3) {
        if (!(await o.repos.changesLease.claim(o.holder, o.clock(), o.leaseMs))) break;
        claimedAt = o.clock().getTime();
      }
      const batch = students.slice(i, i + o.concurrency);
      // The next page's stored fingerprints in one query once its page is passed, then the batch's
      // reads side by side, each part of a record that cannot be read kept as stored (read.ts). A
      // page read ahead may be stale by the time a student of it is compared (a visit told a change
      // meanwhile): `tellChanges` compares with the stored fingerprint it reads itself, and a
      // baseline written twice keeps the first.
      const end = i + batch.length;
      if (end > storedTo) {
        const upTo = Math.max(end, i + STORED_AT_ONCE);
        stored = await o.repos.recordChanges.storedMany(students.slice(i, upTo).map((s) => s.id));
        storedTo = upTo;
      }
      const fresh = await Promise.all(
        batch.map(async (s): Promise<FreshRecord | undefined> => {
          const was = stored.get(s.id);
          try {
            const record = await readRecord(
              o.sis,
              { username: s.username, persona: null },
              was === undefined ? undefined : parseFingerprint(was),
            );
            if (record.unread.length > 0) o.onUnread?.(s, record.unread);
            return record;
          } catch (err) {
            o.onError?.(s, err);
            return undefined;
          }
        }),
      );
      await yieldToOthers();
      if (o.onBalance)
        await Promise.all(
          batch.map(async (s, k) => {
            const cents = fresh[k]?.balanceCents;
            if (cents !== undefined)
              await o.onBalance?.(s, cents).catch((err: unknown) => o.onError?.(s, err));
          }),
        );
      // Most records are unchanged (nothing written) or new (a baseline, written many to a
      // statement: one commit, where SQLite's commit waits for the disk on the event loop); only a
      // changed one is compared and told.
      const told: Array<Promise<Change[]>> = [];
      batch.forEach((s, k) => {
        const print = fresh[k]?.fingerprint;
        if (print === undefined) return;
        const text = JSON.stringify(print);
        const was = stored.get(s.id);
        if (was === undefined) baselines.push({ userId: s.id, fingerprint: text });
        else if (was !== text) {
          const ctx = { repos: o.repos, now: o.clock(), zone: o.zone, rules, names: o.names ?? {} };
          told.push(
            tellChanges({ ...ctx, onTaskError: (err) => o.onError?.(s, err) }, s, print).catch(
              (err: unknown) => {
                o.onError?.(s, err);
                return [];
              },
            ),
          );
        }
      });
      changes.push(...(await Promise.all(told)).flat());
      if (o.recordItems) await publishItems(o, o.recordItems, batch);
      if (baselines.length >= BASELINES_AT_ONCE) await writeBaselines();
      // Fair to other work: the sweep rests as long as its batch took, so the requests waiting are
      // served between batches, even when the SIS answers without waiting (the sample) and the
      // store is SQLite's one connection.
      await rest(performance.now() - started);
    }
    await writeBaselines();
    return { students: students.length, changes };
  } finally {
    await o.repos.changesLease.release(o.holder);
  }
}
