import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordNamesContext, RecordText } from '../../src/ui/record-text.js';

describe('a value from the records, in the records’ language (issue 76)', () => {
  it('a value the campus does not name is shown as the records write it, inside lang="en"', () => {
    render(
      <p>
        Programa: <RecordText>Library and Information Science</RecordText>
      </p>,
    );
    expect(screen.getByText('Library and Information Science')).toHaveAttribute('lang', 'en');
  });

  it('a value the campus names in the reader’s language is shown by that name, not marked English', () => {
    render(
      <RecordNamesContext value={{ 'Computer Science': 'Ciencias de la Computación' }}>
        <RecordText>Computer Science</RecordText>
      </RecordNamesContext>,
    );
    const name = screen.getByText('Ciencias de la Computación');
    expect(name).not.toHaveAttribute('lang');
    expect(screen.queryByText('Computer Science')).not.toBeInTheDocument();
  });

  it('a value that is not text (a number, an element) is wrapped as English as it is', () => {
    render(
      <RecordText>
        <em>Registration Hold</em>
      </RecordText>,
    );
    expect(screen.getByText('Registration Hold').parentElement).toHaveAttribute('lang', 'en');
  });
});
