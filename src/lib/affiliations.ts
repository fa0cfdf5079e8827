import { ALL_STUDENTS } from '../../contract/next-steps/choices.schema.js';

/** next-steps.md: "All Students" applies to everyone, so it is never offered as a choice. */
export const offeredStudentTypes = <T extends { name: string }>(types: readonly T[]): T[] =>
  types.filter((t) => t.name !== ALL_STUDENTS);
