import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { ChoicesForm } from '../../../src/ui/next-steps/choices-form.js';
import type { ChoicesFormProps } from '../../../src/ui/next-steps/choices-form.js';

const props = (over: Partial<ChoicesFormProps> = {}): ChoicesFormProps => ({
  legend: 'Groups you belong to',
  intro: 'Choose the groups you belong to: your tasks follow from them.',
  hint: 'Ticked from your student record.',
  choices: [
    { id: 2, name: 'Undergraduate' },
    { id: 5, name: 'Graduate' },
  ],
  selected: [5],
  loading: false,
  failed: false,
  pending: false,
  saved: false,
  saveFailed: false,
  onToggle: () => {},
  onSave: () => {},
  onRetry: () => {},
  ...over,
});

describe('the settings screens’ choices (issue #28)', () => {
  it('one save model (issue 43): no Save button; a failed save offers Try again, which saves again', async () => {
    const onSave = vi.fn();
    const { rerender } = render(<ChoicesForm {...props({ onSave })} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ChoicesForm {...props({ onSave, saveFailed: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('groups the choices in a fieldset named by its own legend, described by the hint', () => {
    render(<ChoicesForm {...props()} />);
    const group = screen.getByRole('group', { name: 'Groups you belong to' });
    expect(group).toHaveAccessibleDescription('Ticked from your student record.');
    expect(screen.getByRole('checkbox', { name: 'Graduate' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Undergraduate' })).not.toBeChecked();
  });

  it('each choice’s name, as the staff named it, is marked lang="en" (issue 76)', () => {
    render(<ChoicesForm {...props()} />);
    expect(screen.getByText('Graduate')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Groups you belong to')).not.toHaveAttribute('lang');
  });

  it('a click anywhere on a choice’s row label toggles it', async () => {
    const onToggle = vi.fn();
    render(<ChoicesForm {...props({ onToggle })} />);
    await userEvent.click(screen.getByText('Undergraduate'));
    expect(onToggle).toHaveBeenCalledWith(2);
  });

  it.each([
    [{ pending: true }, 'Saving…'],
    [{ saved: true }, 'Saved.'],
    [{ saveFailed: true }, 'Your change could not be saved.'],
    [{}, ''],
  ] as const)('shows the saved state in a polite live status: %o → "%s"', (state, text) => {
    render(<ChoicesForm {...props(state)} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(text === '' ? /^$/ : text);
  });
});

describe('the settings screens’ choices offline (issue 44)', () => {
  it('cannot be ticked while offline, and say why in the status line', async () => {
    const onToggle = vi.fn();
    render(<ChoicesForm {...props({ onToggle, offline: true, saveFailed: true })} />);
    expect(screen.getByRole('group', { name: 'Groups you belong to' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Undergraduate' }));
    expect(onToggle).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You’re offline: changes can be saved again once you’re back online.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('the settings screens’ choices in another language (issue 59)', () => {
  it('the status line reads in Spanish as soon as the language changes, without a remount', async () => {
    render(<ChoicesForm {...props({ saved: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    await act(() => activateLocale('es'));
    expect(screen.getByRole('status')).toHaveTextContent('Guardado.');
  });
});

afterEach(() => act(() => activateLocale('en')));
