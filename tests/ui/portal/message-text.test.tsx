import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageText } from '../../../src/ui/portal/message-text.js';

describe('MessageText (portal.md §5)', () => {
  it('links in messages are auto-linked only when they start with http', () => {
    render(
      <MessageText text="Book at https://advising.campus.example.edu/book or http://old.example.edu, not www.example.edu or help@example.edu." />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://advising.campus.example.edu/book',
      'http://old.example.edu',
    ]);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/www\.example\.edu or help@example\.edu/)).toBeInTheDocument();
  });

  it('a javascript: text stays text, never a link', () => {
    const { container } = render(
      <MessageText text="Click javascript:alert(document.cookie) or JAVASCRIPT://%0aalert(1) now" />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe(
      'Click javascript:alert(document.cookie) or JAVASCRIPT://%0aalert(1) now',
    );
  });

  it('a message body is text, never HTML', () => {
    const { container } = render(
      <MessageText text={'<img src=x onerror="alert(1)"> <b>bold</b>'} />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>bold</b>');
  });

  it('the same address twice is two links, each with a key of its own, however often the text is drawn', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const text = 'See https://example.edu/a and https://example.edu/a again';
    const { rerender } = render(<MessageText text={text} />);
    rerender(<MessageText text={text} />);
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(error.mock.calls.flat().join(' ')).not.toMatch(/key/);
    error.mockRestore();
  });
});
