import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseFingerprint } from '../../changes/fingerprint.js';
import type { Change } from '../../changes/kinds.js';
import { degreeTaskOf } from '../../changes/degree-task.js';
import { readRecord } from '../../changes/read.js';
import { publishRecordItems } from '../../changes/record-items.js';
import { sweep, yieldToOthers } from '../../changes/sweep.js';
import type { SweepResult } from '../../changes/sweep.js';
import { tellChanges } from '../../changes/tell.js';
import { FINGERPRINT_READS, withFreshRead } from '../../changes/visit.js';
import { accountSummarySchema } from '../../../contract/sis/finances.schema.js';
import { degreeProgressSchema } from '../../../contract/sis/degree-progress.schema.js';
import { centsOfDollars } from '../../payments/amounts.js';
import type { SisEndpoint } from '../../sis/endpoints.js';
import type { SisPerson } from '../../sis/port.js';

/** The students with no baseline are read this long after a start (the server is ready first). */
const FIRST_SWEEP_MS = 10_000;
const STUDENT_ROLES = new Set(['student', 'student_worker']);

/** The sweep's lease outlives a batch of slow reads; renewed between batches. */
const LEASE_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to a student's record (issue 74). */
    changes: {
      /** One sweep now, as the schedule runs it (on Ethos: the students with no baseline only). */
      sweep: () => Promise<SweepResult | undefined>;
      /**
       * The named students read afresh and compared (Ethos change notifications): the changes
       * raised, and the students whose reads failed (compared again by the caller's next round).
       */
      compare: (usernames: readonly string[]) => Promise<{ changes: Change[]; unread: string[] }>;
      /**
       * A person signed in: a student with no fingerprint has their record read at once, as their
       * baseline, so the first change after it is told (not taken as the baseline).
       */
      signedIn: (
        user: { id: number; username: string; roles: readonly string[] },
        /** The sign-in's token, where the SIS is read as the student (issue 91). */
        bearer?: string,
      ) => void;
      /** A fresh read of the student's own record (a page's cache miss), compared in the background. */
      seen: (
        user: { id: number; username: string },
        read: SisEndpoint,
        term: string | undefined,
        answer: unknown,
      ) => void;
      /** Resolves once the comparisons `seen` started are done (tests, a closing process). */
      idle: () => Promise<void>;
    };
  }
}

/**
 * Changes to a student's record (issue 74). With `CHANGES=on`, the process that runs the background
 * work (server.ts) sweeps every `CHANGES_SWEEP_MINUTES`, one process at a time under the store's
 * lease: on the sample or HTTP SIS, and on PeopleSoft as its service account, every student; on
 * Ethos only those with no baseline yet (the change notifications name the others:
 * `ethos-consume.ts` calls `compare`); PeopleSoft as the student is not swept (no session, no
 * token to forward), its baseline read at sign-in with the sign-in's token. Every process compares a student's fresh reads as their pages make them
 * (`seen`, from `sources/live.ts`).
 */
export default fp(
  async function changes(app: FastifyInstance, opts: { notify?: { run?: boolean } }) {
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const { enabled, sweepMinutes, sisConcurrency } = app.config.changes;
    const ethos = app.ethosSis !== null;
    const { adapter, peoplesoft } = app.config.sis;
    // PeopleSoft is read by the sweep as its service account: as the student, the sweep (which runs
    // with no session) has no sign-in token to forward, so it does not sweep (issue 91).
    const peoplesoftStudent = adapter === 'peoplesoft' && peoplesoft?.auth.mode === 'student';
    const supported =
      ethos ||
      adapter === 'sample' ||
      adapter === 'http' ||
      (adapter === 'peoplesoft' && peoplesoft?.auth.mode === 'service');
    const repos = app.repositories;
    const zone = app.config.campus.timeZone;
    const { lastTermsCredits } = app.config.campus.degreeProgress;
    // A Spanish message names a hold as the campus does in Spanish (its configuration's recordNames).
    const spanishNames = app.config.campuses.es.recordNames;
    const warn = (userId: number, err: unknown) =>
      app.log.warn({ err, userId }, 'reading a record for its changes failed');
    const partly = (userId: number, unread: readonly string[]) =>
      app.log.warn(
        { userId, unread },
        'parts of a record could not be read: compared without them',
      );
    const payments = app.payments.ledger;
    // PeopleSoft's checklist items and notifications, published as tasks and messages (issue 91).
    const peopleSoftSis = app.peopleSoftSis;
    const recordItems = peopleSoftSis
      ? { recordItems: (person: SisPerson) => peopleSoftSis.recordItems(person) }
      : {};
    const once = async (baselinesOnly = ethos) =>
      enabled && supported
        ? sweep({
            repos,
            sis: app.sis,
            clock: () => app.clock(),
            concurrency: sisConcurrency,
            holder,
            leaseMs: LEASE_MS,
            zone,
            names: spanishNames,
            baselinesOnly,
            onError: (student, err) => warn(student.id, err),
            onUnread: (student, unread) => partly(student.id, unread),
            onBalance: (student, cents) => payments.balanceRead(student.id, cents, app.clock()),
            ...recordItems,
          })
        : undefined;
    const compare = async (usernames: readonly string[]) => {
      const out: Change[] = [];
      const unread: string[] = [];
      if (!enabled) return { changes: out, unread };
      const names = [...new Set(usernames)];
      for (let i = 0; i < names.length; i += sisConcurrency) {
        const batch = await Promise.all(
          names.slice(i, i + sisConcurrency).map(async (username) => {
            const user = await repos.users.findByUsername(username);
            if (!user) return [];
            try {
              const stored = await repos.recordChanges.stored(user.id);
              const {
                fingerprint: fresh,
                unread: parts,
                balanceCents,
              } = await readRecord(
                app.sis,
                { username, persona: null },
                stored && parseFingerprint(stored.fingerprint),
              );
              if (balanceCents !== undefined)
                await payments.balanceRead(user.id, balanceCents, app.clock());
              // What was read is told now; the person is read again for the rest (the caller).
              if (parts.length > 0) {
                partly(user.id, parts);
                unread.push(username);
              }
              const ctx = {
                repos,
                now: app.clock(),
                zone,
                names: spanishNames,
                onTaskError: (e: unknown) => warn(user.id, e),
              };
              return await tellChanges(ctx, user, fresh);
            } catch (err) {
              warn(user.id, err);
              unread.push(username);
              return [];
            }
          }),
        );
        out.push(...batch.flat());
        await yieldToOthers();
      }
      return { changes: out, unread };
    };
    // One student's visit comparisons one after another: two reads of one page (holds, advisor)
    // would otherwise each find the other's version moved and write nothing.
    const queues = new Map<number, Promise<void>>();
    const enqueue = (userId: number, step: () => Promise<void>) => {
      const next = (queues.get(userId) ?? Promise.resolve())
        .then(step)
        .catch((err: unknown) => warn(userId, err));
      queues.set(userId, next);
      void next.finally(() => {
        if (queues.get(userId) === next) queues.delete(userId);
      });
    };
    const seen: FastifyInstance['changes']['seen'] = (user, read, term, answer) => {
      // Issue 89: a fresh balance that dropped by a received payment's amount posts it.
      const account =
        read === 'financial-account-summary' && accountSummarySchema.safeParse(answer);
      if (account && account.success) {
        const balance = centsOfDollars(account.data.CHARGES_DETAIL.CHARGES_BALANCE);
        enqueue(user.id, async () => {
          await payments.balanceRead(user.id, balance, app.clock());
        });
      }
      // Issue 92: a requirement still needed in the last two terms is a Next Steps task.
      if (read === 'degree-progress') {
        const audit = degreeProgressSchema.safeParse(answer);
        const task = audit.success && degreeTaskOf(audit.data, lastTermsCredits);
        if (!task) return;
        enqueue(user.id, async () => {
          const ctx = { repos, now: app.clock(), zone };
          await publishRecordItems(ctx, user.username, { tasks: [task], messages: [] });
        });
        return;
      }
      if (!enabled || !FINGERPRINT_READS.has(read)) return;
      const step = async () => {
        const stored = await repos.recordChanges.stored(user.id);
        const before = stored && parseFingerprint(stored.fingerprint);
        const fresh = before && withFreshRead(before, read, answer, term);
        if (!fresh) return;
        const ctx = {
          repos,
          now: app.clock(),
          zone,
          names: spanishNames,
          onTaskError: (e: unknown) => warn(user.id, e),
        };
        await tellChanges(ctx, user, fresh);
      };
      enqueue(user.id, step);
    };
    const signedIn: FastifyInstance['changes']['signedIn'] = (user, bearer) => {
      // PeopleSoft as the student: no sweep, but the sign-in's token reads the baseline, so the
      // student's own visits compare their fresh reads with it (issue 91).
      const readable = supported || (peoplesoftStudent && bearer !== undefined);
      if (!enabled || !readable || !user.roles.some((r) => STUDENT_ROLES.has(r))) return;
      enqueue(user.id, async () => {
        if (await repos.recordChanges.stored(user.id)) return;
        const person: SisPerson = { ...user, persona: null, ...(bearer ? { bearer } : {}) };
        const { fingerprint } = await readRecord(app.sis, person, undefined);
        // A baseline written twice (the sweep's, meanwhile) keeps the first.
        await repos.recordChanges.baselines(
          [{ userId: user.id, fingerprint: JSON.stringify(fingerprint) }],
          app.clock(),
        );
      });
    };
    const idle = async () => {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    };
    app.decorate('changes', { sweep: () => once(), compare, signedIn, seen, idle });
    app.addHook('preClose', idle);
    if (enabled && peoplesoftStudent && opts.notify?.run) {
      app.log.warn(
        'CHANGES=on with PEOPLESOFT_AUTH=student: records are not swept for changes (the sweep has no ' +
          "student's sign-in token to read with; PEOPLESOFT_AUTH=service reads them); a student's " +
          'own visits compare their fresh reads with the record read at their sign-in',
      );
    }
    if (!enabled || !supported || !opts.notify?.run) return;
    if (app.config.notify.paused) {
      app.log.warn('NOTIFY_PAUSED=1: records are not swept for changes');
      return;
    }
    let running = false;
    const tick = (baselinesOnly = ethos) => {
      if (running || app.lifecycle.draining) return;
      running = true;
      once(baselinesOnly)
        .then((result) => {
          if (result && result.changes.length > 0)
            app.log.info({ changes: result.changes.length }, 'changes to records told');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'the changes sweep failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, sweepMinutes * 60_000).unref();
    // Soon after the start, the students with no baseline yet (signed in while no process swept):
    // a restart never puts a student's first change an interval away.
    const first = setTimeout(() => tick(true), FIRST_SWEEP_MS).unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      clearTimeout(first);
    });
  },
  { name: 'changes', dependencies: ['repositories', 'sis', 'payments'] },
);
