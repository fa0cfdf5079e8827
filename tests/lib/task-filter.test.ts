import { describe, expect, it } from 'vitest';
import { filterLabel, filterOf, taskSearchSchema } from '../../src/lib/task-filter.js';

describe('the task route query', () => {
  it.each([
    ['overdue', 'Overdue'],
    ['bookmarks', 'Bookmarks'],
    ['done', 'Done'],
    ['dismissed', 'Dismissed'],
    ['important', 'Important'],
  ])('show=%s selects the %s filter', (show, label) => {
    expect(filterLabel(filterOf(taskSearchSchema.parse({ show })))).toBe(label);
  });

  it.each([[undefined], ['everything'], [''], [42]])(
    'without a known show value the default view is "Up Next" (%s)',
    (show) => {
      expect(filterLabel(filterOf(taskSearchSchema.parse({ show })))).toBe('Up Next');
    },
  );
});
