import { describe, expect, it } from 'vitest';
import {
  hasStudentChecklist,
  isOverdue,
  studentTypesFromRecord,
} from '../../../server/next-steps/rules.js';

const now = new Date('2026-09-15T12:00:00Z');
const past = '2026-09-01T12:00:00Z';
const future = '2026-10-01T12:00:00Z';

describe('the server’s overdue rule (next-steps.md §4)', () => {
  it('a task is overdue when it has a deadline, its end has passed and it is not done', () => {
    expect(isOverdue({ has_deadline: true, ends_on: past }, null, now)).toBe(true);
  });

  it('a task without a deadline is never overdue, even after its end', () => {
    expect(isOverdue({ has_deadline: false, ends_on: past }, null, now)).toBe(false);
  });

  it('a done task is not overdue', () => {
    expect(isOverdue({ has_deadline: true, ends_on: past }, past, now)).toBe(false);
  });

  it('a task whose end is still ahead is not overdue', () => {
    expect(isOverdue({ has_deadline: true, ends_on: future }, null, now)).toBe(false);
    expect(isOverdue({ has_deadline: true, ends_on: null }, null, now)).toBe(false);
  });
});

describe('who gets the checklist (issue #28, portal.md §6 roles)', () => {
  it('a person with a student role gets the student tasks; a student worker is a student too', () => {
    expect(hasStudentChecklist({ primary_role: 'student', other_roles: [] })).toBe(true);
    expect(hasStudentChecklist({ primary_role: 'staff', other_roles: ['student_worker'] })).toBe(
      true,
    );
    expect(hasStudentChecklist({ primary_role: 'faculty', other_roles: ['student'] })).toBe(true);
  });

  it.each([
    ['staff', []],
    ['faculty', ['staff']],
    ['advisor', ['staff']],
    ['emeritus', []],
  ] as const)('an employee (%s) with no student role gets no student tasks', (primary, other) => {
    expect(hasStudentChecklist({ primary_role: primary, other_roles: [...other] })).toBe(false);
  });
});

describe('student types come from the student record (issue #28)', () => {
  const program = (LEVL_CODE: 'GR' | 'UG', ADMITLEVEL: string, STUDENT_TYPE: string) => ({
    LEVL_CODE,
    ADMITLEVEL,
    STUDENT_TYPE,
  });
  const noVeteran = {
    VETERAN_ELIGIBILITY: 'N' as const,
    VETERAN_STATUS: null,
    CITIZENSHIP_STATUS: 'US Citizen',
  };

  it('a new transfer student who is a veteran is an undergraduate on the first-year checklist, a transfer and a veteran', () => {
    const types = studentTypesFromRecord(
      {
        curricula: [program('UG', 'Transfer', 'New Transfer')],
        classStanding: 'Transfer',
        person: { VETERAN_ELIGIBILITY: 'Y', VETERAN_STATUS: 'Veteran', CITIZENSHIP_STATUS: null },
      },
      true,
    );
    expect(types).toEqual(['Undergraduate', 'First-Year', 'Transfer', 'Veteran']);
  });

  it('a graduate program makes a Graduate student, not an Undergraduate one', () => {
    const types = studentTypesFromRecord(
      {
        curricula: [program('GR', 'Graduate', 'Continuing')],
        classStanding: 'Graduate',
        person: { ...noVeteran, CITIZENSHIP_STATUS: 'Permanent Resident' },
      },
      false,
    );
    expect(types).toEqual(['Graduate']);
  });

  it('a continuing undergraduate is only Undergraduate; a new graduate student is not First-Year', () => {
    const continuing = { curricula: [program('UG', 'Freshman', 'Continuing')] };
    expect(
      studentTypesFromRecord(
        { ...continuing, classStanding: 'Sophomore', person: noVeteran },
        false,
      ),
    ).toEqual(['Undergraduate']);
    const newGraduate = { curricula: [program('GR', 'Graduate', 'New Graduate')] };
    expect(
      studentTypesFromRecord({ ...newGraduate, classStanding: null, person: noVeteran }, true),
    ).toEqual(['Graduate']);
  });

  it('a student on a visa is International; without a program the class standing gives the level', () => {
    expect(
      studentTypesFromRecord(
        {
          curricula: [],
          classStanding: 'Junior',
          person: { ...noVeteran, CITIZENSHIP_STATUS: 'International (F-1 visa)' },
        },
        false,
      ),
    ).toEqual(['Undergraduate', 'International']);
  });

  it('a record that says nothing (no program, standing or person data) gives no student type', () => {
    expect(
      studentTypesFromRecord({ curricula: [], classStanding: null, person: null }, false),
    ).toEqual([]);
  });
});
