import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { NoChecklist } from '../../../src/ui/next-steps/no-checklist.js';

afterEach(() => activateLocale('en'));

describe('Next Steps for a person whose roles have no checklist', () => {
  it('reads in English from the catalogue', () => {
    render(<NoChecklist />);
    expect(screen.getByRole('heading', { name: 'Next Steps' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Campus Portal' })).toBeInTheDocument();
  });

  it('reads in Spanish at once when the locale changes, without rendering it again', async () => {
    render(<NoChecklist />);
    await act(() => activateLocale('es'));
    expect(screen.getByRole('heading', { name: 'Próximos pasos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al Campus Portal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });
});
