import { describe, expect, it } from 'vitest';
import { dataOf, isEmptyAnswer } from '../../src/lib/sis-answer.js';

describe('empty answers (portal.md §7)', () => {
  it('an answer whose p_result is "Warning" is treated as empty', () => {
    const warning = { p_result: 'Warning' as const, p_message: 'No GPA on record yet' };
    expect(isEmptyAnswer(warning)).toBe(true);
    expect(dataOf(warning)).toBeNull();
  });

  it('an empty list is empty; a list with data or a record is not', () => {
    expect(isEmptyAnswer([])).toBe(true);
    expect(isEmptyAnswer([{ GPA: 3 }])).toBe(false);
    expect(isEmptyAnswer({ message: 'Good Standing', class_standing: null })).toBe(false);
    expect(dataOf({ p_result: 'Success' })).toEqual({ p_result: 'Success' });
  });
});
