import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DegreeProgress } from '../../../../contract/sis/degree-progress.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { DegreeProgressView } from '../../../../src/ui/portal/academics/degree-progress.js';
import { studentAudit } from '../../../../server/sis/fixtures/degree-audits.js';

afterEach(() => activateLocale('en'));

const ZONE = 'America/Los_Angeles';

/** A small audit: one block, a rule still needed after one in progress, and one complete. */
const audit: DegreeProgress = {
  as_of: '2026-11-28T14:00:00Z',
  catalog_year: '2025–2026',
  percent_requirements: 38,
  percent_credits: 45,
  credits_applied: 81,
  credits_required: 180,
  what_if_url: 'https://degree.campus.example.edu/what-if',
  blocks: [
    {
      kind: 'major',
      title: 'Computer Science',
      state: 'in-progress',
      rules: [
        {
          label: 'Introductory sequence',
          state: 'in-progress',
          remaining: { unit: 'classes', count: 1, from: ['CS 163'] },
          courses: [
            {
              course: 'CS 161',
              title: 'Introduction to Programming',
              term: '202604',
              credits: 4,
              grade: null,
              in_progress: true,
            },
          ],
        },
        {
          label: 'Upper-division electives',
          state: 'needed',
          remaining: { unit: 'classes', count: 2, from: ['CS 3358', 'CS 3398', 'CS 4328'] },
          courses: [],
        },
        {
          label: 'Capstone credits',
          state: 'needed',
          remaining: { unit: 'credits', count: 6, from: [] },
          courses: [],
        },
        { label: 'Orientation', state: 'complete', remaining: null, courses: [] },
      ],
      courses: [],
    },
  ],
};

const rulesInOrder = () =>
  screen
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('acad-degree__rule'))
    .map((li) => li.querySelector('.acad-degree__rule-head')?.firstChild?.textContent);

describe('the degree progress view (issue 92)', () => {
  it('shows both percentages as text, with a bar beside each that is not the only way to read them', () => {
    render(<DegreeProgressView audit={audit} timeZone={ZONE} />);
    expect(screen.getByText('38%')).toBeVisible();
    expect(screen.getByText('45%')).toBeVisible();
    expect(screen.getByText(/81 of 180 credits/)).toBeVisible();
    const bars = document.querySelectorAll('progress');
    expect([...bars].map((b) => [b.value, b.getAttribute('aria-hidden')])).toEqual([
      [38, 'true'],
      [45, 'true'],
    ]);
  });

  it('lists still-needed rules first, then in progress, then complete, in plain sentences', () => {
    render(<DegreeProgressView audit={audit} timeZone={ZONE} />);
    expect(rulesInOrder()).toEqual([
      'Upper-division electives',
      'Capstone credits',
      'Introductory sequence',
      'Orientation',
    ]);
    expect(screen.getByText('2 more courses from: CS 3358, CS 3398, CS 4328')).toBeVisible();
    expect(screen.getByText('1 more course from: CS 163')).toBeVisible();
    expect(screen.getByText('6 more credits')).toBeVisible();
    expect(screen.getByText('(in progress)')).toBeVisible();
  });

  it('opens the campus’s what-if tool in a new tab, saying so', () => {
    render(<DegreeProgressView audit={audit} timeZone={ZONE} />);
    const link = screen.getByRole('link', { name: /what-if tool\s*\(opens in a new tab\)/ });
    expect(link).toHaveAttribute('href', 'https://degree.campus.example.edu/what-if');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('puts the courses not applied last, and every block under its kind', () => {
    render(<DegreeProgressView audit={studentAudit} timeZone={ZONE} />);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.at(-1)).toMatch(/^Not applied to a requirement Courses not applied/);
    expect(headings).toContainEqual(expect.stringMatching(/^Minor Mathematics/));
    const minor = screen.getByRole('region', { name: /Mathematics/ });
    expect(within(minor).getByText('2 more courses from: MTH 252, MTH 253')).toBeVisible();
  });

  it('in Spanish: "2 cursos más de: …", the states and figures in Spanish, the records’ English marked', async () => {
    await act(() => activateLocale('es'));
    render(<DegreeProgressView audit={audit} timeZone={ZONE} />);
    expect(screen.getByText('2 cursos más de: CS 3358, CS 3398, CS 4328')).toBeVisible();
    expect(screen.getByText('1 curso más de: CS 163')).toBeVisible();
    expect(screen.getByText('6 créditos más')).toBeVisible();
    expect(screen.getByText(/81 de 180 créditos/)).toBeVisible();
    expect(screen.getByText(/38\s%/)).toBeVisible();
    expect(screen.getAllByText('Pendiente')).toHaveLength(2);
    expect(screen.getByText('Cumplido')).toBeVisible();
    expect(screen.getByText('Requisitos cumplidos')).toBeVisible();
    expect(screen.getByText('Upper-division electives')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: /herramienta de simulación/ })).toHaveAttribute(
      'href',
      'https://degree.campus.example.edu/what-if',
    );
  });
});
