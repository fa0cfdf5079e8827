import { describe, expect, it } from 'vitest';
import { isWarningAnswer, withoutWarning } from '../../src/lib/sis-answer.js';

describe('SIS answers', () => {
  it('answers whose p_result equals "Warning" are treated as empty', () => {
    const warning = { p_result: 'Warning' as const, p_message: 'No account on record' };
    expect(isWarningAnswer(warning)).toBe(true);
    expect(withoutWarning(warning)).toBeNull();
  });

  it('any other answer is data, even an empty list', () => {
    expect(isWarningAnswer([])).toBe(false);
    expect(withoutWarning([])).toEqual([]);
    expect(withoutWarning({ p_result: 'Success' })).toEqual({ p_result: 'Success' });
  });
});
