import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../../../contract/search.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { SearchResults } from '../../../../src/ui/portal/search/search-results.js';

afterEach(() => activateLocale('en'));

const answer: SearchAnswer = {
  query: 'registration',
  partial: true,
  ignoredWords: 2,
  groups: [
    {
      group: 'tools',
      label: 'Tools and links',
      results: [
        {
          title: [{ text: 'Registration Hub', match: false }],
          excerpt: [],
          href: 'https://registration.example.edu/',
          external: true,
          lang: 'en',
        },
      ],
    },
  ],
};

const results = (shown: SearchAnswer | null, query = 'registration') => (
  <SearchResults
    query={query}
    answer={shown}
    pending={false}
    failed={false}
    recovery={[{ label: 'Resources', url: '/resources' }]}
    onOpen={() => {}}
    onRetry={() => {}}
  />
);

describe('the search results page in Spanish (issue 59)', () => {
  it('names each group of results in the reader’s language, whatever language the server named it in', async () => {
    const { rerender } = render(results(answer));
    expect(screen.getByRole('heading', { name: 'Tools and links' })).toBeInTheDocument();
    await act(() => activateLocale('es'));
    rerender(results(answer));
    expect(screen.getByRole('heading', { name: 'Herramientas y enlaces' })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveTextContent(
      /^Registration Hub\s+\(se abre en una pestaña nueva\)$/,
    );
  });

  it('says in Spanish that results may be missing and how many words were searched', async () => {
    await act(() => activateLocale('es'));
    render(results(answer));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Es posible que falten resultados. Pruebe con palabras más específicas.Solo se buscaron las primeras 8 palabras.',
    );
  });

  it('with nothing found, quotes the words searched in a Spanish sentence', async () => {
    await act(() => activateLocale('es'));
    render(results({ ...answer, partial: false, ignoredWords: 0, groups: [] }, 'zzqxv'));
    expect(screen.getByText('No hay resultados para “zzqxv”.')).toBeInTheDocument();
    expect(
      screen.getByText('Revise la ortografía, pruebe con menos palabras o busque aquí:'),
    ).toBeInTheDocument();
  });
});

describe('each search result in its own language (issue 76)', () => {
  const mixed: SearchAnswer = {
    query: 'matricula',
    partial: false,
    ignoredWords: 0,
    groups: [
      {
        group: 'sections',
        label: 'Portal sections',
        results: [
          {
            title: [{ text: 'Finanzas', match: false }],
            excerpt: [],
            href: '/finances',
            external: false,
            lang: 'es',
          },
        ],
      },
      {
        group: 'tasks',
        label: 'My Next Steps',
        results: [
          {
            title: [{ text: 'Pay your tuition', match: false }],
            excerpt: [{ text: 'Tuition is due Friday.', match: false }],
            href: '/next-steps/task/4',
            external: true,
            lang: 'en',
          },
        ],
      },
    ],
  };

  it('marks an English result’s title and excerpt lang="en" on a Spanish page, the link’s own note left in Spanish', async () => {
    await act(() => activateLocale('es'));
    render(results(mixed, 'matricula'));
    expect(screen.getByText('Pay your tuition').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Tuition is due Friday.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Finanzas').closest('[lang]')).toHaveAttribute('lang', 'es');
    // The hidden note is the page's words: no `lang` between it and the page's own.
    expect(screen.getByText('(se abre en una pestaña nueva)').closest('[lang]')?.tagName).toBe(
      'HTML',
    );
  });
});

describe('a result whose excerpt mixes languages (issue 76)', () => {
  it('marks the reader’s words in an English result with their own language, so a screen reader switches', async () => {
    await act(() => activateLocale('es'));
    const coursework: SearchAnswer = {
      query: 'essay',
      partial: false,
      ignoredWords: 0,
      groups: [
        {
          group: 'coursework',
          label: 'My coursework',
          results: [
            {
              title: [{ text: 'Essay 2', match: true }],
              excerpt: [
                { text: 'ENGL 101', match: false },
                { text: ' · ', match: false },
                { text: 'Vence el mié, 25 de nov de 2026', match: false, lang: 'es' },
              ],
              href: 'https://canvas.example.edu/a/1',
              external: true,
              lang: 'en',
            },
          ],
        },
      ],
    };
    render(results(coursework, 'essay'));
    const due = screen.getByText('Vence el mié, 25 de nov de 2026');
    expect(due).toHaveAttribute('lang', 'es');
    expect(due.parentElement).toHaveAttribute('lang', 'en');
    expect(screen.getByText('ENGL 101', { exact: false })).toHaveAttribute('lang', 'en');
  });
});
