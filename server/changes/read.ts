import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { centsOfDollars } from '../payments/amounts.js';
import type { SisAnswer, SisEndpoint } from '../sis/endpoints.js';
import type { SisPerson, SisPort } from '../sis/port.js';
import { fingerprintOf } from './fingerprint.js';
import type { Fingerprint } from './fingerprint.js';

/** An answer, or nothing for a SIS warning (the portal treats a warning as empty). */
const answerOf = <T>(answer: T): Exclude<T, { p_result: string }> | undefined =>
  isSisWarning(answer) ? undefined : (answer as Exclude<T, { p_result: string }>);

const EVERY_RECORD_READ = ['holds', 'advisor', 'financial-account-summary', 'current-term'];

/** A record read afresh: its fingerprint, and the parts that could not be read (kept as stored). */
export interface FreshRecord {
  fingerprint: Fingerprint;
  unread: string[];
  /**
   * The account's whole balance as this read found it (CHARGES_BALANCE, in cents), which posts the
   * payments it dropped by (issue 89); none when the account could not be read.
   */
  balanceCents?: number;
}

/** No part of the record could be read, or a first read (a baseline) missed a part. */
export class RecordUnreadError extends Error {
  constructor(
    readonly unread: readonly string[],
    options?: ErrorOptions,
  ) {
    super(`the record could not be read (${unread.join(', ')})`, options);
  }
}

const settled = async <T>(read: Promise<T>) => {
  try {
    return { ok: true as const, value: await read };
  } catch (err) {
    return { ok: false as const, err };
  }
};

const ofTerm = <T extends { term: string }>(record: Record<string, T>, terms: readonly string[]) =>
  Object.entries(record).filter(([, v]) => terms.includes(v.term));

/**
 * A student's record read afresh (the current term's classes and grades, the holds, the advisor and
 * the balance), each part on its own: a part that cannot be read (a timeout, a page ceiling passed
 * by 500 sections) is taken from the stored fingerprint, so the rest is still compared and the part
 * itself is compared next time. A first read (no stored fingerprint) must read every part: a
 * baseline missing one would tell its whole content as new later.
 */
export async function readRecord(
  sis: SisPort,
  person: SisPerson,
  stored: Fingerprint | undefined,
): Promise<FreshRecord> {
  const read = <E extends SisEndpoint>(e: E, term?: string): Promise<SisAnswer<E>> =>
    sis.read(e, person, term);
  const [holds, advisors, account, current] = await Promise.all([
    settled(read('holds')),
    settled(read('advisor')),
    settled(read('financial-account-summary')),
    settled(read('current-term')),
  ]);
  const unread: string[] = [];
  const failures: unknown[] = [];
  const part = <T>(name: string, r: { ok: true; value: T } | { ok: false; err: unknown }) => {
    if (r.ok) return r.value;
    unread.push(name);
    failures.push(r.err);
    return undefined;
  };
  const currentAnswer = part('current-term', current);
  const terms = currentAnswer === undefined ? [] : [answerOf(currentAnswer)?.p_term_out ?? ''];
  const perTerm = await Promise.all(
    terms
      .filter((t) => t !== '')
      .map(async (term) => ({
        term,
        schedule: part(`schedule ${term}`, await settled(read('schedule', term))),
        grades: part(`grades ${term}`, await settled(read('grades', term))),
      })),
  );
  const heldHolds = part('holds', holds);
  const heldAdvisors = part('advisor', advisors);
  const heldAccount = part('financial-account-summary', account);
  const nothingRead = EVERY_RECORD_READ.every((name) => unread.includes(name));
  if (unread.length > 0 && (stored === undefined || nothingRead))
    throw new RecordUnreadError(unread, { cause: failures[0] });
  const fresh = fingerprintOf({
    terms: perTerm.map((t) => t.term),
    holds: (heldHolds && answerOf(heldHolds)) ?? [],
    schedule: perTerm.flatMap((t) => (t.schedule && answerOf(t.schedule)) ?? []),
    grades: perTerm.flatMap((t) => (t.grades && answerOf(t.grades)) ?? []),
    account: (heldAccount && answerOf(heldAccount)) ?? null,
    advisors: (heldAdvisors && answerOf(heldAdvisors)) ?? [],
  });
  const accountRead = heldAccount && answerOf(heldAccount);
  const balance = accountRead
    ? { balanceCents: centsOfDollars(accountRead.CHARGES_DETAIL.CHARGES_BALANCE) }
    : {};
  if (!stored || unread.length === 0) return { fingerprint: fresh, unread, ...balance };
  return { fingerprint: keepUnread(stored, fresh, perTerm, unread), unread, ...balance };
}

/** The fresh fingerprint with each unread part as the stored one had it. */
function keepUnread(
  stored: Fingerprint,
  fresh: Fingerprint,
  perTerm: ReadonlyArray<{ term: string; schedule: unknown; grades: unknown }>,
  unread: readonly string[],
): Fingerprint {
  const out = { ...fresh };
  if (unread.includes('holds')) {
    out.holds = stored.holds;
    out.offices = stored.offices ?? {};
  }
  if (unread.includes('advisor')) out.advisor = stored.advisor;
  if (unread.includes('financial-account-summary')) out.balance = stored.balance;
  if (unread.includes('current-term')) {
    out.terms = stored.terms;
    out.classes = stored.classes;
    out.grades = stored.grades;
    return out;
  }
  const missed = (what: 'schedule' | 'grades') =>
    perTerm.filter((t) => t[what] === undefined).map((t) => t.term);
  // A term read for the first time with a part unread stays unread: its first whole read is its
  // baseline, rather than every class of it told as added.
  const partial = new Set([...missed('schedule'), ...missed('grades')]);
  out.terms = fresh.terms.filter((t) => stored.terms.includes(t) || !partial.has(t));
  const sorted = <T>(entries: Array<[string, T]>) =>
    Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
  out.classes = sorted([
    ...Object.entries(fresh.classes),
    ...ofTerm(stored.classes, missed('schedule')),
  ]);
  out.grades = sorted([
    ...Object.entries(fresh.grades),
    ...ofTerm(stored.grades, missed('grades')),
  ]);
  return out;
}
