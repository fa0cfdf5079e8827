/**
 * portal.md §3 Academics, §5 and §8: how the academic program, the standing, the GPA and the advisors
 * read on the Academics page.
 */
import type { Advisor } from '../../contract/sis/advisors.schema.js';
import type { Curriculum } from '../../contract/sis/academics.schema.js';
import type { GpaRecord } from '../../contract/sis/gpa.schema.js';

export const NO_RESIDENCY = 'No Residency Status / Not Applicable';
export const NO_STANDING = 'No Current Standing / Not Applicable';
export const NO_GPA = 'Not available';

/** Curricula by CUR_PRIORITY, then FOS_PRIORITY within a curriculum. */
export function orderCurricula(curricula: readonly Curriculum[]): Curriculum[] {
  return [...curricula].sort(
    (a, b) => a.CUR_PRIORITY - b.CUR_PRIORITY || a.FOS_PRIORITY - b.FOS_PRIORITY,
  );
}

/** One program of study: the fields of study sharing a CUR_PRIORITY, in FOS_PRIORITY order. */
export interface Program {
  priority: number;
  first: Curriculum;
  majors: Curriculum[];
  minors: Curriculum[];
}

export function programsOf(curricula: readonly Curriculum[]): Program[] {
  const programs: Program[] = [];
  for (const c of orderCurricula(curricula)) {
    let program = programs.find((p) => p.priority === c.CUR_PRIORITY);
    if (!program) {
      program = { priority: c.CUR_PRIORITY, first: c, majors: [], minors: [] };
      programs.push(program);
    }
    (c.FOS_CODE === 'MAJOR' ? program.majors : program.minors).push(c);
  }
  return programs;
}

export function residencyLabel(curricula: readonly Curriculum[]): string {
  return (
    orderCurricula(curricula).find((c) => c.RESIDENCY_STATUS)?.RESIDENCY_STATUS ?? NO_RESIDENCY
  );
}

export function academicStandingLabel(message: string | null | undefined): string {
  return message?.trim() ? message : NO_STANDING;
}

/**
 * The GPA the page shows: a graduate GPA when the student has one (their current level), else the
 * undergraduate one; the institutional GPA (type "I") before any other type.
 */
export function pickGpa(records: readonly GpaRecord[]): GpaRecord | null {
  const rank = (r: GpaRecord) =>
    (r.LEVELCODE === 'GR' ? 0 : 2) + (r.GPATYPEINDICATOR === 'I' ? 0 : 1);
  return [...records].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** GPA with two decimals; a graduate GPA is labelled "(Graduate)"; none is "Not available". */
export function gpaLabel(record: GpaRecord | null): string {
  if (!record) return NO_GPA;
  const gpa = record.GPA.toFixed(2);
  return record.LEVELCODE === 'GR' ? `${gpa} (Graduate)` : gpa;
}

/** The primary advisor (ADV_PRIM "Y") first, the others in the order the SIS gave. */
export function orderAdvisors(advisors: readonly Advisor[]): Advisor[] {
  return [...advisors].sort((a, b) => Number(b.ADV_PRIM === 'Y') - Number(a.ADV_PRIM === 'Y'));
}

/** The SIS writes names "Last, First": the page shows "First Last". */
export function advisorName(name: string): string {
  const [last, first] = name.split(',').map((s) => s.trim());
  return first ? `${first} ${last}` : name;
}
