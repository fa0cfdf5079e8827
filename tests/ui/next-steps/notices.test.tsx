import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { ErrorPanel, overdueWords } from '../../../src/ui/next-steps/notices.js';

describe('the overdue announcement’s words (next-steps.md §2, issue #28)', () => {
  it('says "task" for one overdue task and "tasks" for more, never "task(s)"', () => {
    expect(overdueWords(1).sentence).toBe('You have 1 overdue task.');
    expect(overdueWords(2).sentence).toBe('You have 2 overdue tasks.');
    expect(overdueWords(12).sentence).toBe('You have 12 overdue tasks.');
  });

  it('its link says what it opens instead of "Click here", and keeps "get started"', () => {
    for (const count of [1, 2]) {
      const { link } = overdueWords(count);
      expect(link).not.toMatch(/click here/i);
      expect(link).toMatch(/^Get started with .*overdue task$/);
    }
  });

  it('in Spanish, by the ICU plural of the count: "Tiene 1 tarea vencida", "Tiene 3 tareas vencidas" (issue 59)', async () => {
    await activateLocale('es');
    expect(overdueWords(1)).toEqual({
      sentence: 'Tiene 1 tarea vencida.',
      link: 'Comience con su tarea vencida',
    });
    expect(overdueWords(3).sentence).toBe('Tiene 3 tareas vencidas.');
  });
});

describe('the panel shown when the list cannot be read', () => {
  it('reads in Spanish as soon as the language changes, without a remount (issue 59)', async () => {
    render(<ErrorPanel onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^We could not reach Next Steps just now/);
    await act(() => activateLocale('es'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^No pudimos conectar con Próximos pasos en este momento/,
    );
  });
});

afterEach(() => act(() => activateLocale('en')));
