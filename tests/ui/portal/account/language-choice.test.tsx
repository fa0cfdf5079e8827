import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { LanguageChoice } from '../../../../src/ui/portal/account/language-choice.js';

afterEach(() => activateLocale('en'));

const props = {
  saving: false,
  saved: false,
  failed: false,
  readOnly: null,
  following: null,
} as const;

describe('the Language setting on Account (issue 59)', () => {
  it('offers English and Español, each named in its own language and marked with its lang', () => {
    render(<LanguageChoice {...props} language="en" onChoose={() => {}} />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Español' })).not.toBeChecked();
    expect(screen.getByText('Español').closest('label')).toHaveAttribute('lang', 'es');
  });

  it('chooses Español on a click and reads in Spanish once the locale changes', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(<LanguageChoice {...props} language="en" onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(onChoose).toHaveBeenCalledWith('es');
    await act(() => activateLocale('es'));
    rerender(<LanguageChoice {...props} language="es" saved onChoose={onChoose} />);
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Guardado.');
    expect(screen.getByRole('radio', { name: 'English' })).toBeInTheDocument();
  });

  it('issue 76: with a Spanish browser and nothing saved, shows "Siguiendo a su navegador: Español", no language as chosen, and saves in one click', async () => {
    await act(() => activateLocale('es'));
    const onChoose = vi.fn();
    render(<LanguageChoice {...props} language={null} following="es" onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Idioma' });
    expect(group).toHaveAccessibleDescription(
      'Las páginas del portal y los correos, mensajes de texto y notificaciones que le envía. Siguiendo a su navegador: Español. Elija uno para conservarlo.',
    );
    expect(screen.getByText('Español', { selector: 'p span' })).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('radio', { name: 'Español' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('es');
  });

  it('once a language is saved, says what it is for and no longer that it follows the browser', () => {
    render(<LanguageChoice {...props} language="es" onChoose={() => {}} />);
    expect(screen.getByRole('group', { name: 'Language' })).toHaveAccessibleDescription(
      'The portal’s pages and the emails, texts and notifications it sends you.',
    );
    expect(screen.queryByText(/Following your browser/)).toBeNull();
  });
});
