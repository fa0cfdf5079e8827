import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../src/lib/title.js';
import { offeredStudentTypes } from '../../src/lib/affiliations.js';
import { taskIdOf } from '../../src/lib/task-filter.js';

describe('page titles', () => {
  it('every page is titled "<Page> · <product>"', () => {
    expect(documentTitle('Academics', 'Campus Portal')).toBe('Academics · Campus Portal');
  });
});

describe('Next Steps rules moved out of the routes', () => {
  it('"All Students" is never offered as an affiliation', () => {
    const types = [
      { id: 1, name: 'All Students' },
      { id: 2, name: 'Transfer' },
    ];
    expect(offeredStudentTypes(types)).toEqual([{ id: 2, name: 'Transfer' }]);
  });

  it.each([
    ['12', 12],
    [undefined, null],
    ['0', 'selected'],
    ['abc', 'selected'],
    ['-3', 'invalid'],
    ['1.5', 'invalid'],
  ] as const)('a task_id of %s names task %s', (param, id) => {
    expect(taskIdOf(param)).toBe(id);
  });
});
