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
