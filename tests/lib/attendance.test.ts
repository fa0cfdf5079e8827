import { describe, expect, it } from 'vitest';
import type { AttendanceFacts } from '../../src/lib/attendance.js';
import { showsAttendanceWarning } from '../../src/lib/attendance.js';

const START = '2026-09-28';
const STARTED = '2026-10-04';
/** A course meeting all six conditions. */
const warns: AttendanceFacts = {
  TERMCODE: '202604',
  EXCLUSIONLIST: 'N',
  ACCEPTEDAID: 'Y',
  INITATTENDANCE: 'N',
  read_on: null,
};

describe('the initiation-of-attendance warning (portal.md §5)', () => {
  it('appears when all six conditions hold', () => {
    expect(showsAttendanceWarning(warns, START, STARTED)).toBe(true);
  });

  it('1. does not appear when the term code ends in 3 (a summer term)', () => {
    expect(showsAttendanceWarning({ ...warns, TERMCODE: '202603' }, START, STARTED)).toBe(false);
  });

  it('2. does not appear until the term has started: six days after its start date', () => {
    expect(showsAttendanceWarning(warns, START, '2026-10-03')).toBe(false);
    expect(showsAttendanceWarning(warns, START, '2026-10-04')).toBe(true);
  });

  it('3. does not appear for a course on the exclusion list', () => {
    expect(showsAttendanceWarning({ ...warns, EXCLUSIONLIST: 'Y' }, START, STARTED)).toBe(false);
  });

  it('4. does not appear when no aid has been accepted', () => {
    expect(showsAttendanceWarning({ ...warns, ACCEPTEDAID: 'N' }, START, STARTED)).toBe(false);
  });

  it('5. does not appear once initiation of attendance is recorded', () => {
    expect(showsAttendanceWarning({ ...warns, INITATTENDANCE: 'Y' }, START, STARTED)).toBe(false);
  });

  it('6. does not appear once it is marked read', () => {
    const read = { ...warns, read_on: '2026-10-05T17:00:00.000Z' };
    expect(showsAttendanceWarning(read, START, STARTED)).toBe(false);
  });
});
