import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract/roles.schema.js';
import {
  canSeePost,
  hasRole,
  isEmployee,
  isFaculty,
  isStudent,
  receivesStaffContent,
  visibleRoles,
} from '../../contract/roles.rules.js';

const user = (primary_role: Role, ...other_roles: Role[]) => ({ primary_role, other_roles });

describe('portal.md §6 role rules', () => {
  it('emeritus counts as faculty', () => {
    expect(isFaculty(user('emeritus'))).toBe(true);
    expect(hasRole(user('emeritus'), 'faculty')).toBe(true);
    expect(isFaculty(user('staff'))).toBe(false);
    expect(isFaculty(user('student'))).toBe(false);
  });

  it.each<[Role, Role[], boolean]>([
    ['staff', [], true],
    ['faculty', [], true],
    ['emeritus', [], true],
    ['student', ['student_worker'], true],
    ['student', [], false],
    ['advisor', [], false],
    ['advisor', ['staff'], true],
  ])(
    'employee means staff, faculty, emeritus or student worker: %s + %j → %s',
    (primary, others, expected) => {
      expect(isEmployee(user(primary, ...others))).toBe(expected);
    },
  );

  it('student worker and emeritus also receive staff content', () => {
    expect(receivesStaffContent(user('student', 'student_worker'))).toBe(true);
    expect(receivesStaffContent(user('emeritus'))).toBe(true);
    expect(receivesStaffContent(user('staff'))).toBe(true);
    expect(receivesStaffContent(user('student'))).toBe(false);
    expect(receivesStaffContent(user('advisor'))).toBe(false);
  });

  it('a faculty primary role hides a secondary staff role', () => {
    expect(visibleRoles(user('faculty', 'staff'))).toEqual(['faculty']);
    expect(hasRole(user('faculty', 'staff'), 'staff')).toBe(false);
    expect(visibleRoles(user('advisor', 'staff'))).toEqual(['advisor', 'staff']);
    expect(visibleRoles(user('staff', 'faculty'))).toEqual(['staff', 'faculty']);
  });

  it('a post whose category equals a role shows only to users with that role', () => {
    expect(canSeePost(user('student'), 'student')).toBe(true);
    expect(canSeePost(user('staff'), 'student')).toBe(false);
    expect(canSeePost(user('advisor', 'staff'), 'advisor')).toBe(true);
    expect(canSeePost(user('student'), 'advisor')).toBe(false);
    expect(canSeePost(user('emeritus'), 'faculty')).toBe(true);
    expect(canSeePost(user('student', 'student_worker'), 'staff')).toBe(true);
  });

  it('a post with no category or a category that is not a role shows to everyone', () => {
    expect(canSeePost(user('student'), null)).toBe(true);
    expect(canSeePost(user('student'), '')).toBe(true);
    expect(canSeePost(user('student'), 'financial_dashboard')).toBe(true);
  });
});

describe('students', () => {
  it('students see the next-steps block: a student role, primary or secondary, makes a student', () => {
    expect(isStudent({ primary_role: 'student', other_roles: [] })).toBe(true);
    expect(isStudent({ primary_role: 'staff', other_roles: ['student'] })).toBe(true);
    expect(isStudent({ primary_role: 'faculty', other_roles: ['staff'] })).toBe(false);
  });
});
