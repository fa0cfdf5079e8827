import { describe, expect, it } from 'vitest';
import { roleLabel, roleLabels } from '../../src/lib/role-label.js';

describe('role names as the portal shows them', () => {
  it('each role has its name, a student worker in two words', () => {
    expect(
      (['student', 'staff', 'faculty', 'emeritus', 'advisor', 'student_worker'] as const).map(
        roleLabel,
      ),
    ).toEqual(['Student', 'Staff', 'Faculty', 'Emeritus', 'Advisor', 'Student Worker']);
  });

  it('the employee card lists the roles held, a faculty primary role hiding a staff role (portal.md §6)', () => {
    expect(roleLabels({ primary_role: 'faculty', other_roles: ['staff', 'advisor'] })).toEqual([
      'Faculty',
      'Advisor',
    ]);
    expect(roleLabels({ primary_role: 'staff', other_roles: ['student'] })).toEqual([
      'Staff',
      'Student',
    ]);
  });
});
