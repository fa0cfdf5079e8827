import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchShortcutChoice } from '../../../../src/ui/portal/account/search-shortcut-choice.js';

describe('SearchShortcutChoice', () => {
  it('offers to keep "/", remap it to Alt + / or turn it off, showing the choice made', () => {
    const onChoose = vi.fn();
    render(<SearchShortcutChoice chosen="alt-slash" onChoose={onChoose} />);
    const select = screen.getByRole('combobox', { name: 'Keyboard shortcut to search' });
    expect(select).toHaveValue('alt-slash');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '/ (slash)',
      'Alt + /',
      'Off',
    ]);
    fireEvent.change(select, { target: { value: 'off' } });
    expect(onChoose).toHaveBeenCalledWith('off');
  });
});
