import { z } from 'zod';
import type { Advisor } from '../../contract/sis/advisors.schema.js';
import type { Grade } from '../../contract/sis/courses.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';
import type { AccountSummary } from '../../contract/sis/finances.schema.js';
import type { Hold } from '../../contract/sis/holds.schema.js';

/** One registered section as the fingerprint keeps it: what a student would notice moving. */
const classSchema = z.object({
  /** "CS 161", as the texts name it. */
  label: z.string(),
  term: z.string(),
  /** Every meeting's days, times and room, sorted, so a reordered answer reads the same. */
  meets: z.array(z.string()),
  status: z.string(),
});

/**
 * What the portal remembers of a student's record (issue 74), small and comparable: the holds by
 * code with their offices, the registered sections by term and CRN, the courses with a posted final grade (never the
 * grade), the balance due with the payments received, and the primary advisor.
 */
export const fingerprintSchema = z.object({
  /** The terms whose classes and grades were read: a term read for the first time is a baseline. */
  terms: z.array(z.string()),
  holds: z.record(z.string(), z.string()),
  /**
   * Each hold's office by code (HOLDORIGINATINGOFFICEDESCRIPTION), which a hold's removal names:
   * "Completed: Registrar removed this hold". Fingerprints stored by 1.2.0 have none.
   */
  offices: z.record(z.string(), z.string()).optional(),
  classes: z.record(z.string(), classSchema),
  grades: z.record(z.string(), z.object({ label: z.string(), term: z.string() })),
  balance: z.object({ due: z.number(), paid: z.number() }).nullable(),
  advisor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Fingerprint = z.infer<typeof fingerprintSchema>;

/** The reads a fingerprint is made of, each already free of a SIS warning (a warning is none). */
export interface RecordReads {
  /** The terms read for the schedule and grades. */
  terms: readonly string[];
  holds: readonly Hold[];
  /** The meetings of each term read (the current term and the next one registered). */
  schedule: readonly Meeting[];
  grades: readonly Grade[];
  account: AccountSummary | null;
  advisors: readonly Advisor[];
}

const sectionKey = (term: string, crn: string) => `${term}:${crn}`;
const meetingText = (m: Meeting) =>
  [m.DAYS, m.STARTTIME ?? '', m.ENDTIME ?? '', m.BUILDING ?? '', m.ROOM ?? ''].join('|');

/** A fresh read's fingerprint. Pure: the same record, in any order, gives the same fingerprint. */
export function fingerprintOf(reads: RecordReads): Fingerprint {
  const holds: Fingerprint['holds'] = {};
  const offices: Fingerprint['holds'] = {};
  for (const h of reads.holds) {
    holds[h.HOLD] = h.HOLDDESCRIPTION;
    offices[h.HOLD] = h.HOLDORIGINATINGOFFICEDESCRIPTION;
  }
  const classes: Fingerprint['classes'] = {};
  for (const m of reads.schedule) {
    const key = sectionKey(m.TERMCODE, m.COURSEREGISTRATIONNUMBER);
    const entry = classes[key] ?? {
      label: `${m.SUBJECTCODE} ${m.COURSENUMBER}`,
      term: m.TERMCODE,
      meets: [],
      status: 'registered',
    };
    entry.meets.push(meetingText(m));
    classes[key] = entry;
  }
  for (const entry of Object.values(classes)) entry.meets.sort();
  const grades: Fingerprint['grades'] = {};
  for (const g of reads.grades)
    if (g.FINALGRADE !== null && g.FINALGRADE !== '')
      grades[sectionKey(g.TERMCODE, g.COURSEREGISTRATIONNUMBER)] = {
        label: `${g.SUBJECTCODE} ${g.COURSENUMBER}`,
        term: g.TERMCODE,
      };
  const detail = reads.account?.CHARGES_DETAIL;
  const primary = reads.advisors.find((a) => a.ADV_PRIM === 'Y') ?? null;
  return {
    terms: [...new Set(reads.terms)].sort(),
    holds: sorted(holds),
    offices: sorted(offices),
    classes: sorted(classes),
    grades: sorted(grades),
    balance: detail ? { due: detail.CHARGES_AMOUNT_DUE, paid: detail.CHARGES_PAYMENTS_RXD } : null,
    advisor: primary
      ? { id: primary.ADV_EMAIL_ADDRESS ?? primary.ADV_NAME, name: primary.ADV_NAME }
      : null,
  };
}

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A stored fingerprint, read defensively: unreadable text is no fingerprint (a new baseline). */
export function parseFingerprint(text: string): Fingerprint | undefined {
  try {
    const parsed = fingerprintSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
