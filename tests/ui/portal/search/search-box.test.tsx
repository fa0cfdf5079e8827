import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer, SearchResult } from '../../../../contract/search.schema.js';
import { SearchBox } from '../../../../src/ui/portal/search/search-box.js';
import { SearchResults } from '../../../../src/ui/portal/search/search-results.js';

const result = (text: string, href: string, external = false): SearchResult => ({
  title: [{ text, match: false }],
  excerpt: [],
  href,
  external,
  lang: 'en',
});
const answer: SearchAnswer = {
  query: 'reg',
  partial: false,
  ignoredWords: 0,
  groups: [
    { group: 'sections', label: 'Portal sections', results: [result('Academics', '/academics')] },
    {
      group: 'tools',
      label: 'Tools and links',
      results: [result('Registration Hub', 'https://register.campus.example.edu/', true)],
    },
  ],
};

function Harness({
  onOpen,
  onShowAll,
  shown = answer,
}: {
  onOpen: (r: SearchResult) => void;
  onShowAll: (q: string) => void;
  shown?: SearchAnswer;
}) {
  const [query, setQuery] = useState('');
  return (
    <SearchBox
      query={query}
      answer={query ? shown : null}
      pending={false}
      failed={false}
      onType={setQuery}
      onOpen={onOpen}
      onShowAll={onShowAll}
    />
  );
}

/** The elements scrolled into view (jsdom has no layout: each call is recorded by its id). */
const scrolled: string[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
});

describe('the search box (ARIA 1.2 combobox)', () => {
  it('lists results by group, moves through them with the arrow keys and opens the chosen one with Enter', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} onShowAll={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Search the portal' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'reg' } });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Tools and links' })).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('Registration Hub');
    expect(screen.getByRole('option', { name: 'Registration Hub' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: 'Academics' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(answer.groups[0]!.results[0]);
  });

  it('Enter with no result chosen shows every result on the search page; Escape closes, then clears', () => {
    const onShowAll = vi.fn();
    render(<Harness onOpen={vi.fn()} onShowAll={onShowAll} />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'reg' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onShowAll).toHaveBeenCalledWith('reg');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'reg' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
  });

  it('a group that found more than the box shows ends the list with "See all results", reached by the arrow keys, opening the search page (issue 87)', () => {
    const onShowAll = vi.fn();
    const more: SearchAnswer = {
      ...answer,
      groups: answer.groups.map((g, i) => (i === 1 ? { ...g, more: true, next: 'tools.8' } : g)),
    };
    const { rerender } = render(<Harness onOpen={vi.fn()} onShowAll={onShowAll} />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'reg' } });
    expect(screen.queryByRole('option', { name: 'See all results' })).toBeNull();
    rerender(<Harness onOpen={vi.fn()} onShowAll={onShowAll} shown={more} />);
    fireEvent.change(box, { target: { value: 'regi' } });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    const all = screen.getByRole('option', { name: 'See all results' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', all.id);
    // Below a long list's fold, the chosen option is scrolled into the list's view.
    expect(scrolled.at(-1)).toBe(all.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onShowAll).toHaveBeenCalledWith('regi');
  });
});

describe('the search page results', () => {
  it('draws a match as <mark> from data: markup in a result is only text', () => {
    render(
      <SearchResults
        query="x"
        answer={{
          query: 'x',
          partial: false,
          ignoredWords: 0,
          groups: [
            {
              group: 'pages',
              label: 'Pages and posts',
              results: [
                {
                  title: [
                    { text: '<img src=x onerror=alert(1)> ', match: false },
                    { text: 'Exams', match: true },
                  ],
                  excerpt: [],
                  href: '/resources',
                  external: false,
                  lang: 'en',
                },
              ],
            },
          ],
        }}
        pending={false}
        failed={false}
        recovery={[]}
        onOpen={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    const link = screen.getByRole('link');
    expect(link.querySelector('img')).toBeNull();
    expect(link.querySelector('mark')).toHaveTextContent('Exams');
    expect(link).toHaveTextContent('<img src=x onerror=alert(1)> Exams');
  });

  it('with no results it says so and offers where to look instead', () => {
    render(
      <SearchResults
        query="zzz"
        answer={{ query: 'zzz', partial: false, ignoredWords: 0, groups: [] }}
        pending={false}
        failed={false}
        recovery={[
          { label: 'Technology Help Desk', url: 'https://help.campus.example.edu/' },
          { label: 'Resources', url: '/resources' },
        ]}
        onOpen={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No results for “zzz”.');
    expect(screen.getByRole('link', { name: 'Technology Help Desk' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
  });

  it('says when the server’s time ran out (some results may be missing) and when words were left out', () => {
    const { rerender } = render(
      <SearchResults
        query="a b c"
        answer={{ ...answer, partial: true }}
        pending={false}
        failed={false}
        recovery={[]}
        onOpen={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Some results may be missing. Try more specific words.',
    );
    expect(screen.getByRole('link', { name: 'Academics' })).toBeInTheDocument();
    rerender(
      <SearchResults
        query="1 2 3 4 5 6 7 8 9"
        answer={{ ...answer, ignoredWords: 1 }}
        pending={false}
        failed={false}
        recovery={[]}
        onOpen={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Only the first 8 words were searched.');
    expect(screen.queryByText(/Some results may be missing/)).toBeNull();
  });
});
