import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
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

describe('role names in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('the employee card lists the roles in the reader’s language', async () => {
    await activateLocale('es');
    expect(roleLabels({ primary_role: 'faculty', other_roles: ['student_worker'] })).toEqual([
      'Docente',
      'Estudiante empleado',
    ]);
  });
});
