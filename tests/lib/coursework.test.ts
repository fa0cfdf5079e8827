import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import type { CourseworkItem } from '../../contract/coursework.schema.js';
import {
  brokenMessage,
  courseworkDue,
  isCourseworkInFilter,
  isCourseworkOverdue,
  openInLabel,
  siteName,
  submissionLabel,
} from '../../src/lib/coursework.js';
import type { TaskFilter } from '../../src/lib/task-filter.js';

const now = Date.parse('2026-10-25T12:00:00.000Z');
const item = (due: string, done: boolean, allDay = false): CourseworkItem => ({
  id: 'x@' + due,
  title: 'Essay 2',
  course: null,
  due,
  all_day: allDay,
  link: null,
  source: 'canvas',
  current: true,
  done,
});
const past = item('2026-10-24T06:59:00.000Z', false);
const pastDone = item('2026-10-24T06:59:00.000Z', true);
const coming = item('2026-10-30T06:59:00.000Z', false);
const filters: TaskFilter[] = ['upNext', 'overdue', 'bookmarks', 'important', 'done', 'dismissed'];
const shownIn = (i: CourseworkItem) => filters.filter((f) => isCourseworkInFilter(i, f, now));

describe('coursework items in the list’s filters', () => {
  it('next-steps.md §4 "an overdue task counts only if it is not done": past due and not done is overdue', () => {
    expect(isCourseworkOverdue(past, now)).toBe(true);
    expect(isCourseworkOverdue(pastDone, now)).toBe(false);
    expect(isCourseworkOverdue(coming, now)).toBe(false);
  });

  it('next-steps.md §4 Filters: done shows done items; the others exclude them; overdue the overdue; Up Next the rest', () => {
    expect(shownIn(coming)).toEqual(['upNext']);
    expect(shownIn(past)).toEqual(['upNext', 'overdue']);
    expect(shownIn(pastDone)).toEqual(['done']);
  });
});

describe('the words for coursework, one for every screen', () => {
  it('names the link back and the broken link by the LMS', () => {
    expect(openInLabel('moodle')).toBe('Open in Moodle');
    expect(openInLabel('other')).toBe('Open in your course site');
    expect(brokenMessage('canvas')).toBe(
      'Your Canvas calendar link stopped working — paste the new one',
    );
    expect(brokenMessage('other')).toBe(
      'Your course site calendar link stopped working — paste the new one',
    );
  });

  it('says the due time on the campus clock, the date alone for an all-day item', () => {
    expect(courseworkDue(coming, 'America/Los_Angeles')).toBe('Due Oct 29, 2026, 11:59 PM');
    expect(
      courseworkDue(item('2026-11-06T07:59:59.999Z', false, true), 'America/Los_Angeles'),
    ).toBe('Due Nov 5, 2026');
  });
});

describe('the words for coursework in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('the link back, the broken notice, the site, Canvas’s status and the due date read in Spanish', async () => {
    await activateLocale('es');
    expect(openInLabel('other')).toBe('Abrir en su sitio de cursos');
    expect(siteName('other')).toBe('sitio de cursos');
    expect(brokenMessage('moodle')).toBe(
      'El enlace de su calendario de Moodle dejó de funcionar: pegue el nuevo',
    );
    expect(brokenMessage('canvas', 'canvas')).toBe(
      'Su conexión con Canvas dejó de funcionar: vuelva a conectar Canvas',
    );
    expect(submissionLabel({ ...coming, submission: 'missing' })).toBe('Faltante');
    expect(courseworkDue(coming, 'America/Los_Angeles')).toMatch(/^Vence el /);
  });
});
