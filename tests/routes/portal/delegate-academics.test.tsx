import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { studentAnswers, stubApi } from '../../pages/portal/fake-academics-api.js';
import type * as RevealModule from '../../../src/machines/reveal.machine.js';
import { renderPortal } from './render-portal.js';

// The page's patience with a slow attendance warning is wall-clock time (academics.test.tsx).
vi.mock('../../../src/machines/reveal.machine.js', async (importOriginal) => {
  const real = await importOriginal<typeof RevealModule>();
  return { ...real, revealMachine: real.revealMachine.provide({ delays: { patience: 60_000 } }) };
});

const shareOf = (categories: DelegateCategory[]) => ({
  delegation: 7,
  student_name: 'Ana Valencia',
  categories,
  ends_at: '2027-05-31T06:59:59.000Z',
});

function asDelegateAt(path: string, categories: DelegateCategory[]) {
  const requests = stubApi(studentAnswers());
  const view = renderPortal(path, async () => ({ kind: 'delegate', share: shareOf(categories) }));
  return { ...view, requests };
}

describe('Academics in capacity delegate (issue 88)', () => {
  beforeEach(() => {
    // Monday 2026-11-23 on campus: week 9 of Fall 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a delegate the student shared Academics with reads the student's schedule and grades on the portal's own page", async () => {
    const { requests, left } = asDelegateAt('/academics', ['academics']);
    const bar = await screen.findByRole(
      'region',
      { name: 'Shared with you' },
      // The bar is a chunk of its own: a loaded machine took over a second to draw it.
      { timeout: 10_000 },
    );
    expect(bar).toHaveTextContent('Ana Valencia shared Academics: schedule and grades with you');
    expect(await screen.findByText('3.46')).toBeInTheDocument();
    expect(await screen.findByText('Week 9')).toBeInTheDocument();
    // The degree progress section names the same courses: the grades' own are read.
    const grades = await screen.findByRole('region', { name: 'Grades' });
    expect(await within(grades).findByText('Mind and Brain')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Term' })).toHaveValue('202603');
    const paths = requests.map((r) => r.path);
    expect(paths).toContain('/api/integrations/finti/schedule?term=202604');
    expect(paths.some((p) => p.startsWith('/api/integrations/finti/grades'))).toBe(true);
    expect(left).toEqual([]);
  });

  it("a delegate's Academics asks none of the student's own reads: no bookstore, veteran benefits or calendar subscription", async () => {
    const { requests } = asDelegateAt('/academics', ['academics']);
    expect(await screen.findByText('Week 9')).toBeInTheDocument();
    const paths = requests.map((r) => r.path);
    for (const own of ['bookstore', 'person-info'])
      expect(paths).not.toContain(`/api/integrations/finti/${own}`);
    expect(paths).not.toContain('/api/calendar/subscription');
    expect(screen.queryByRole('link', { name: /at the bookstore/ })).toBeNull();
  });

  it("a delegate without Academics gets the portal's refusal on /academics, and no schedule or grades are asked", async () => {
    const { requests } = asDelegateAt('/academics', ['finances']);
    expect(await screen.findByRole('heading', { name: 'Not shared with you' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Finances' })).toBeVisible();
    expect(requests.filter((r) => r.path.startsWith('/api/integrations/'))).toEqual([]);
  });
});
