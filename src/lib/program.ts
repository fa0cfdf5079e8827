import type { Curriculum } from '../../contract/sis/academics.schema.js';

/** The fields of study in priority order: curriculum first, then field of study. */
export function byCurriculumPriority(curricula: readonly Curriculum[]): Curriculum[] {
  return [...curricula].sort(
    (a, b) => a.CUR_PRIORITY - b.CUR_PRIORITY || a.FOS_PRIORITY - b.FOS_PRIORITY,
  );
}

/** The student's program for the student card: the first major by priority, else the first field. */
export function primaryProgram(curricula: readonly Curriculum[]): Curriculum | null {
  const ordered = byCurriculumPriority(curricula);
  return ordered.find((c) => c.FOS_CODE === 'MAJOR') ?? ordered[0] ?? null;
}
