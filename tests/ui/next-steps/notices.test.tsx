import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { ErrorPanel, overdueWords } from '../../../src/ui/next-steps/notices.js';

describe('the overdue announcement’s words (next-steps.md §2, issue 76)', () => {
  it('says the spec’s text verbatim: "You have N overdue task(s). Click here to get started now"', () => {
    for (const count of [1, 2, 12]) {
      const { sentence, link } = overdueWords(count);
      expect(`${sentence} ${link}`).toBe(
        `You have ${count} overdue task(s). Click here to get started now`,
      );
    }
    expect(overdueWords(1).link).toBe('Click here to get started now');
  });

  it('in Spanish, the same two sentences translated (issue 59)', async () => {
    await activateLocale('es');
    expect(overdueWords(3)).toEqual({
      sentence: 'Tiene 3 tarea(s) vencida(s).',
      link: 'Haga clic aquí para empezar ahora',
    });
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
