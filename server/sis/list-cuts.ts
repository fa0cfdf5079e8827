import type { Integration } from '../../contract/sis/integrations.schema.js';
import { SIS_LISTS_MAX as MAX } from '../../contract/sis/list-ceilings.js';

/**
 * Issue 87: the SIS's answer for one person cut at the contract's ceilings (contract/sis/
 * list-ceilings.ts) before it is checked, so an over-long record is kept in part, never refused
 * (nor a 500 when the portal answers it). Each cut is told, to be logged as a warning.
 */

/** A list the SIS gave longer than its ceiling: which, how long, and how many were kept. */
export interface SisListCut {
  list: string;
  had: number;
  kept: number;
}
export type SisListCutObserver = (endpoint: string, cut: SisListCut) => void;

type Cutter = (value: unknown, told: (cut: SisListCut) => void) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list, its first `max` items kept, each item cut in turn by `inner`. */
const list =
  (name: string, max: number, inner?: Cutter): Cutter =>
  (value, told) => {
    if (!Array.isArray(value)) return value;
    if (value.length > max) told({ list: name, had: value.length, kept: max });
    const kept: unknown[] = value.slice(0, max);
    return inner ? kept.map((item) => inner(item, told)) : kept;
  };

/** An object's fields, each cut by its own. */
const fields =
  (cutters: Record<string, Cutter>): Cutter =>
  (value, told) => {
    if (!isRecord(value)) return value;
    const out = { ...value };
    for (const [key, cut] of Object.entries(cutters)) {
      if (key in out) out[key] = cut(out[key], told);
    }
    return out;
  };

/** An audit's course list, and a rule's: its courses and the choices it still names. */
const degreeCourses = (name: string) => list(name, MAX.degreeCourses);
const rule = fields({
  courses: degreeCourses('blocks[].rules[].courses'),
  remaining: fields({ from: list('blocks[].rules[].remaining.from', MAX.degreeChoices) }),
});
const block = fields({
  rules: list('blocks[].rules', MAX.degreeRules, rule),
  courses: degreeCourses('blocks[].courses'),
});

const CUTTERS: Readonly<Record<string, Cutter>> = {
  courses: list('courses', MAX.courses),
  schedule: list('schedule', MAX.meetings),
  grades: list('grades', MAX.grades),
  gpa: list('gpa', MAX.gpaRecords),
  advisor: list('advisor', MAX.advisors),
  holds: list(
    'holds',
    MAX.holds,
    fields({ PROCESSAFFECTED: list('holds[].PROCESSAFFECTED', MAX.holdProcesses) }),
  ),
  nudges: list('nudges', MAX.nudges),
  'curriculum-info': fields({
    curricula: list('curricula', MAX.curricula),
    pre_prof: list('pre_prof', MAX.preProfessional),
  }),
  'emergency-info': fields({
    EMERGENCY_CONTACTS: list('EMERGENCY_CONTACTS', MAX.emergencyContacts),
  }),
  'financial-aid-info': fields({ FINAID_DETAIL: list('FINAID_DETAIL', MAX.aidYears) }),
  'degree-progress': fields({
    blocks: list('blocks', MAX.degreeBlocks, block),
  }),
} satisfies Partial<Record<Integration, Cutter>>;

/** `value` (an answer of `endpoint`, not yet checked) with each list cut at its ceiling. */
export function cutSisLists(
  endpoint: string,
  value: unknown,
  observe?: SisListCutObserver,
): unknown {
  const cutter = Object.hasOwn(CUTTERS, endpoint) ? CUTTERS[endpoint] : undefined;
  return cutter ? cutter(value, (cut) => observe?.(endpoint, cut)) : value;
}
