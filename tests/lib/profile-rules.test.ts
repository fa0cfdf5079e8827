import { beforeAll, describe, expect, it } from 'vitest';
import type { Curriculum } from '../../contract/sis/academics.schema.js';
import { classStandingLabel } from '../../src/lib/class-standing.js';
import { primaryProgram } from '../../src/lib/program.js';
import { profileCardFor } from '../../src/lib/profile-card.js';
import { termName } from '../../src/lib/term-name.js';
import { activateLocale } from '../../src/lib/i18n.js';

// The portal's own words (the Transfer label) are read in the active language: English here.
beforeAll(() => activateLocale('en'));

describe('the profile summary', () => {
  it('shows a student card when the primary role is student', () => {
    expect(profileCardFor({ primary_role: 'student', other_roles: ['staff'] }, 'dashboard')).toBe(
      'student',
    );
  });

  it('shows the employee card to non-student primary roles, except on academics', () => {
    const staff = { primary_role: 'staff', other_roles: ['student'] } as const;
    expect(profileCardFor(staff, 'dashboard')).toBe('employee');
    expect(profileCardFor(staff, 'account')).toBe('employee');
    expect(profileCardFor(staff, 'academics')).toBe('student');
  });

  it('a class standing of "Transfer" shows as "Freshman - Awaiting Transfer Credits"', () => {
    expect(classStandingLabel('Transfer')).toBe('Freshman - Awaiting Transfer Credits');
    expect(classStandingLabel('Sophomore')).toBe('Sophomore');
  });

  it('no class standing shows "No Class Standing/Not Applicable"', () => {
    expect(classStandingLabel(null)).toBe('No Class Standing/Not Applicable');
  });

  it('the program is the first major by priority', () => {
    const field = (FOS_DESC: string, FOS_CODE: 'MAJOR' | 'MINOR', FOS_PRIORITY: number) =>
      ({ FOS_DESC, FOS_CODE, FOS_PRIORITY, CUR_PRIORITY: 1 }) as Curriculum;
    const program = primaryProgram([field('Math', 'MINOR', 1), field('CS', 'MAJOR', 2)]);
    expect(program?.FOS_DESC).toBe('CS');
    expect(primaryProgram([])).toBeNull();
  });

  it('a term code reads as its quarter and year', () => {
    expect(termName('202604')).toBe('Fall 2026');
    expect(termName('202701')).toBe('Winter 2027');
    expect(termName('2026')).toBe('2026');
  });
});
