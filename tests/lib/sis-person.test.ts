import { describe, expect, it } from 'vitest';
import { knownToSis, seesStudentBlocks } from '../../src/lib/sis-person.js';

const person = (nine_number: string, primary_role: 'student' | 'staff' = 'student') => ({
  nine_number,
  primary_role,
  other_roles: [],
});

describe('a person the SIS does not know (issue 57)', () => {
  it('is one signed in without a university ID (blank too)', () => {
    expect(knownToSis(person('900000001'))).toBe(true);
    expect(knownToSis(person(''))).toBe(false);
    expect(knownToSis(person('  '))).toBe(false);
  });

  it('student blocks and the student checklist are for students the SIS knows only', () => {
    expect(seesStudentBlocks(person('900000001'))).toBe(true);
    expect(seesStudentBlocks(person(''))).toBe(false);
    expect(seesStudentBlocks(person('900000002', 'staff'))).toBe(false);
  });
});
