import { describe, expect, it } from 'vitest';
import { isOverdue } from '../../../server/next-steps/rules.js';

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
