import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toolbar } from '../../../src/ui/portal/toolbar.js';

describe('the page toolbar’s title', () => {
  it('a title in another language than the page’s (a post’s English title in Spanish) is marked with its own (WCAG 3.1.2)', () => {
    render(<Toolbar title="Parking permits" titleLang="en" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Parking permits' })).toHaveAttribute(
      'lang',
      'en',
    );
  });

  it('a title in the page’s language carries no lang of its own', () => {
    render(<Toolbar title="Estudios" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Estudios' })).not.toHaveAttribute('lang');
  });
});
