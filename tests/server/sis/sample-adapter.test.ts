import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSisWarning } from '../../../contract/sis/warning.schema.js';
import { fixtures } from '../../../server/sis/fixtures/index.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';
import { personas } from '../../../server/sis/personas.js';
import { SisError } from '../../../server/sis/port.js';
import { loadRecord } from '../../../server/sis/sample-record.js';

const sis = new SampleSis();
const records = z.array(z.record(z.string(), z.unknown()));
const as = (persona: string) => ({ username: `unused-${persona}`, persona });
const everyone = personas.map((p) => as(p.id));

/** Every answer of a read, for every persona (term reads: every term on record). */
async function all<E extends 'courses' | 'schedule' | 'gpa' | 'holds' | 'standing'>(read: E) {
  const answers: unknown[] = [];
  for (const person of everyone) {
    const terms = read === 'courses' || read === 'schedule' ? ['202603', '202604'] : [undefined];
    for (const term of terms) answers.push(await sis.read(read, person, term));
  }
  // Records as plain objects: the rules below look at their fields by name.
  return records.parse(answers.filter((a) => !isSisWarning(a)).flat());
}

describe('the sample SIS exercises the spec’s rules', () => {
  it('has a hold', async () => {
    expect((await all('holds')).length).toBeGreaterThan(0);
  });

  it('has a course meeting every initiation-of-attendance warning condition, and courses that do not', async () => {
    const courses = await all('courses');
    const warns = (c: (typeof courses)[number]) =>
      'INITATTENDANCE' in c &&
      !String(c.TERMCODE).endsWith('3') &&
      c.EXCLUSIONLIST === 'N' &&
      c.ACCEPTEDAID === 'Y' &&
      c.INITATTENDANCE === 'N';
    expect(courses.filter(warns).length).toBeGreaterThan(0);
    expect(courses.filter((c) => !warns(c)).length).toBeGreaterThan(0);
    const termInfo = await sis.read('term-info', as('student'));
    expect(!isSisWarning(termInfo) && termInfo.start_date <= '2026-11-15').toBe(true);
  });

  it('has a graduate GPA and an undergraduate one', async () => {
    const levels = new Set((await all('gpa')).map((g) => 'LEVELCODE' in g && g.LEVELCODE));
    expect(levels).toEqual(new Set(['GR', 'UG']));
  });

  it('has class standing "Transfer"', async () => {
    const standings = await all('standing');
    expect(standings.some((s) => 'class_standing' in s && s.class_standing === 'Transfer')).toBe(
      true,
    );
  });

  it('has VETERAN_ELIGIBILITY "Y"', async () => {
    const people = await Promise.all(everyone.map((p) => sis.read('person-info', p)));
    expect(people.some((p) => !isSisWarning(p) && p.VETERAN_ELIGIBILITY === 'Y')).toBe(true);
  });

  it('has a web course with no meeting days', async () => {
    const meetings = await all('schedule');
    expect(meetings.some((m) => 'DAYS' in m && m.DAYS === '' && m.STARTTIME === null)).toBe(true);
  });

  it('has emergency contacts out of priority order (the portal sorts them ascending)', async () => {
    const info = await sis.read('emergency-info', as('student'));
    const priorities = isSisWarning(info) ? [] : info.EMERGENCY_CONTACTS.map((c) => c.priority);
    expect(priorities.length).toBeGreaterThan(1);
    expect(priorities).not.toEqual([...priorities].sort((a, b) => a - b));
  });

  it('has an answer whose p_result is "Warning"', async () => {
    expect(isSisWarning(await sis.read('gpa', as('new-student')))).toBe(true);
  });

  it('gives employees staff_faculty_info and students none', async () => {
    for (const persona of personas) {
      const { staff_faculty_info } = await sis.read('profile', as(persona.id));
      const employee = persona.primary_role !== 'student' || persona.other_roles.length > 0;
      expect(staff_faculty_info !== null, persona.id).toBe(employee);
    }
  });

  it('answers a term it has no record of with an empty list', async () => {
    expect(await sis.read('grades', as('student'), '201901')).toEqual([]);
  });

  it('finds a person by username when the persona is not known', async () => {
    const profile = await sis.read('person-info', { username: 'avalencia', persona: null });
    expect(profile).toMatchObject({ STUDENT_ID: '900000001' });
  });

  it('refuses a person it has no record of with a SisError', async () => {
    await expect(sis.read('holds', { username: 'nobody', persona: null })).rejects.toThrow(
      SisError,
    );
  });

  it('checks fixtures against the contract when loading them, naming the field', () => {
    const broken = {
      ...fixtures.student,
      gpa: [{ GPATYPEINDICATOR: 'I', LEVELCODE: 'XX', GPA: 3 }],
    };
    expect(() => loadRecord('broken', broken)).toThrow(/broken[\s\S]*gpa/);
    expect(() => new SampleSis({ broken })).toThrow(/does not match the contract/);
  });
});
