import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/lib/i18n.js';
import {
  emptyText,
  filterLabel,
  filterOf,
  listHeading,
  taskSearchSchema,
} from '../../src/lib/task-filter.js';

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

describe('the list in Spanish (issue 59)', () => {
  afterEach(() => activateLocale('en'));

  it('a filter and its category name the heading in Spanish: "Vencidas — Trabajos de clase"', async () => {
    await activateLocale('es');
    expect(listHeading({ show: 'overdue', category: 'coursework' })).toBe(
      'Vencidas — Trabajos de clase',
    );
    expect(listHeading({})).toBe('Próximas');
  });

  it("an empty filter says so in Spanish, and English stays the spec's verbatim", async () => {
    expect(emptyText('done')).toBe('You haven\'t marked anything "done" yet.');
    await activateLocale('es');
    expect(emptyText('done')).toBe('Todavía no ha marcado nada como "hecha".');
    expect(emptyText('bookmarks')).toBe('Todavía no tiene tareas guardadas.');
  });
});
