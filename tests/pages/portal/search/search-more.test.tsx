import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer, SearchResult } from '../../../../contract/search.schema.js';
import { student } from '../../../machines/fixtures.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';

/**
 * Issue 87: a search group that found more than its first page says so with "Show more"; pressing
 * it asks the API for that group's next page (`after` = the group's `next`), adds it under the
 * group, moves focus to the first result added, and goes at the group's last page. A page that
 * fails says so, and pressing again asks again.
 */
const task = (n: number): SearchResult => ({
  title: [{ text: `Form ${n}`, match: false }],
  excerpt: [],
  href: `/next-steps/tasks/${n}`,
  external: false,
  lang: 'en',
});
const tasks = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => task(from + i));

function fakeApi(failures: number) {
  const asked: string[] = [];
  let failing = failures;
  const answerTo = (after: string | null): SearchAnswer => ({
    query: 'form',
    partial: false,
    ignoredWords: 0,
    groups:
      after === 'tasks.8'
        ? [{ group: 'tasks', label: 'My Next Steps', results: tasks(9, 11) }]
        : [
            {
              group: 'sections',
              label: 'Portal sections',
              results: [{ ...task(0), title: [{ text: 'Forms', match: true }], href: '/forms' }],
            },
            {
              group: 'tasks',
              label: 'My Next Steps',
              results: tasks(1, 8),
              more: true,
              next: 'tasks.8',
            },
          ],
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    const path = url.pathname.replace(/^\/api\//, '');
    asked.push(`${path}${url.search}`);
    const after = url.searchParams.get('after');
    if (path === 'search' && after !== null && failing > 0) {
      failing -= 1;
      return new Response('{"detail":"Failed"}', { status: 500 });
    }
    const answer =
      path === 'search'
        ? answerTo(after)
        : path === 'integrations/finti/nudges' || path === 'integrations/finti/holds'
          ? []
          : path === 'integrations/rave-messages'
            ? { checked: true, alerts: [] }
            : null;
    if (answer === null) return new Response('{"detail":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

const tasksGroup = () => screen.getByRole('region', { name: 'My Next Steps' });

describe('the search page’s groups a page at a time (issue 87)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('"Show more" under a group that found more asks for its next page, adds it, moves focus to the first result added and goes at the end', async () => {
    const asked = fakeApi(0);
    renderPortal('/search?q=form', async () => ({ kind: 'user', user: student }));
    const more = await screen.findByRole(
      'button',
      { name: 'Show more: My Next Steps' },
      { timeout: 5000 },
    );
    // A group with all its results has no button.
    expect(
      within(screen.getByRole('region', { name: 'Portal sections' })).queryByRole('button'),
    ).toBeNull();
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByRole('link', { name: 'Form 11' })).toBeInTheDocument();
    expect(asked).toContain('search?q=form&after=tasks.8');
    expect(
      within(tasksGroup())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(tasks(1, 11).map((t) => t.title[0]?.text));
    expect(within(tasksGroup()).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Form 9' })),
    );
  }, 10_000);

  it('a page that fails says so, keeps the results shown, and is asked again on the next press', async () => {
    const asked = fakeApi(1);
    renderPortal('/search?q=form', async () => ({ kind: 'user', user: student }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show more: My Next Steps' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('More results could not be loaded.')).toBeInTheDocument();
    expect(within(tasksGroup()).getAllByRole('link')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show more: My Next Steps' }));
    expect(await screen.findByRole('link', { name: 'Form 11' })).toBeInTheDocument();
    expect(asked.filter((a) => a.includes('after='))).toHaveLength(2);
  }, 10_000);
});
