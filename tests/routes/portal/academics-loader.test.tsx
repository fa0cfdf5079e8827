import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import type { UserResult } from '../../../src/api/user.js';
import { showCampus } from '../../../src/routes/portal/router.js';
import { PageReads } from '../../../src/pages/portal/shared/page-reads.js';
import { student } from '../../machines/fixtures.js';
import { failing, studentAnswers, stubApi } from '../../pages/portal/fake-academics-api.js';
import { renderPortal } from './render-portal.js';

const asStudent = async (): Promise<UserResult> => ({ kind: 'user', user: student });
const GPA = '/api/integrations/finti/gpa';
const ATTENDANCE = '/api/academics/attendance?term=202604';
/** Addresses only Academics reads (the dashboard reads the term, program, standing and schedule). */
const ACADEMICS_ONLY = [
  'integrations/finti/gpa',
  'integrations/finti/advisor',
  'integrations/finti/bookstore',
  'integrations/finti/person-info',
  'integrations/finti/term-info',
  'integrations/finti/grades',
  'academics/attendance',
  'calendar/subscription',
];
const academicsAsked = (requests: { path: string }[]) =>
  requests.filter((r) => ACADEMICS_ONLY.some((read) => r.path.startsWith(`/api/${read}`))).length;
const asked = (requests: { path: string }[], path: string) =>
  requests.filter((r) => r.path === path).length;

async function onDashboard() {
  const requests = stubApi(studentAnswers());
  const view = renderPortal('/', asStudent);
  await waitFor(() =>
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument(),
  );
  return { ...view, requests };
}

describe("Academics' reads start from its route's loader", () => {
  beforeEach(() => {
    // Monday 2026-11-23 on campus: CS 161's attendance warning shows.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('preloading /academics asks for its record before its page is drawn', async () => {
    const { router, requests } = await onDashboard();
    expect(asked(requests, GPA)).toBe(0);
    await router.preloadRoute({ to: '/academics' });
    expect(asked(requests, GPA)).toBe(1);
    await waitFor(() =>
      expect(asked(requests, '/api/integrations/finti/grades?term=202603')).toBe(1),
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Academics' })).toBeNull();
    await router.navigate({ to: '/academics' });
    expect(await screen.findByText('3.46')).toBeInTheDocument();
    expect(asked(requests, GPA)).toBe(1);
  });

  it('navigating to /academics has its loader data ready with the reads under way when the page mounts', async () => {
    const { router, requests } = await onDashboard();
    await router.navigate({ to: '/academics' });
    const match = router.state.matches.find((m) => m.routeId === '/academics');
    const data: unknown = match?.loaderData;
    expect(data).toHaveProperty('reads');
    expect((data as { reads: unknown }).reads).toBeInstanceOf(PageReads);
    expect(asked(requests, GPA)).toBe(1);
    expect(await screen.findByText('3.46')).toBeInTheDocument();
  });

  it('Academics shown again within five minutes shows the answers the router keeps, asking for none', async () => {
    const { router, requests } = await onDashboard();
    await router.navigate({ to: '/academics' });
    expect(await screen.findByText('Linh Nguyen')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Term' })).toBeVisible());
    const before = academicsAsked(requests);
    await router.navigate({ to: '/' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'GPA' })).toBeNull());
    await router.navigate({ to: '/academics' });
    expect(
      await within(await screen.findByRole('region', { name: 'GPA' })).findByText('3.46'),
    ).toBeVisible();
    expect(await screen.findByText('Linh Nguyen')).toBeInTheDocument();
    expect(asked(requests, GPA)).toBe(1);
    expect(asked(requests, '/api/integrations/finti/advisor')).toBe(1);
    expect(academicsAsked(requests)).toBe(before);
  });

  it('another term reads only its grades; the page’s other answers are kept', async () => {
    const { router, requests } = await onDashboard();
    // The degree progress section names the same courses: the grades' own are read.
    const inGrades = async (title: string) =>
      within(await screen.findByRole('region', { name: 'Grades' })).findByText(title);
    await router.navigate({ to: '/academics', search: { term: 202601 } });
    expect(await inGrades('College Algebra')).toBeInTheDocument();
    await router.navigate({ to: '/academics', search: { term: 202602 } });
    expect(await inGrades('Trigonometry')).toBeInTheDocument();
    expect(asked(requests, GPA)).toBe(1);
    expect(asked(requests, '/api/integrations/finti/grades?term=202602')).toBe(1);
  });

  it('a warning marked read is asked for again when Academics is shown again: the write forgot the kept answer', async () => {
    const requests = stubApi({
      ...studentAnswers(),
      'POST /api/academics/attendance/read': {
        status: 200,
        body: { term: '202604', crn: '41234', read_on: '2026-11-23T18:00:00.000Z' },
      },
    });
    const { router } = renderPortal('/academics', asStudent);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Mark as read: CS 161' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Confirm you are attending/ })).toBeNull(),
    );
    await router.navigate({ to: '/' });
    await router.navigate({ to: '/academics' });
    await waitFor(() => expect(asked(requests, ATTENDANCE)).toBe(2));
    expect(asked(requests, GPA)).toBe(1);
  });

  it('a read that failed is not kept: Academics shown again asks for it again', async () => {
    const answers = { ...studentAnswers(), [GPA]: failing };
    const requests = stubApi(answers);
    const { router } = renderPortal('/academics', asStudent);
    const gpa = await screen.findByRole('region', { name: 'GPA' });
    expect(await within(gpa).findByText('Error retrieving info')).toBeVisible();
    answers[GPA] = studentAnswers()[GPA] ?? failing;
    await router.navigate({ to: '/' });
    await router.navigate({ to: '/academics' });
    expect(
      await within(await screen.findByRole('region', { name: 'GPA' })).findByText('3.46'),
    ).toBeVisible();
    expect(asked(requests, GPA)).toBe(2);
    expect(asked(requests, '/api/integrations/finti/advisor')).toBe(1);
  });

  it('the campus texts in another language redraw Academics without asking for its record again', async () => {
    const requests = stubApi(studentAnswers());
    const { router } = renderPortal('/academics', asStudent);
    expect(await screen.findByText('3.46')).toBeInTheDocument();
    await act(async () => {
      showCampus(router, { ...defaultCampus, productName: 'Portal del Campus' });
      await router.load();
    });
    expect(await screen.findByRole('link', { name: 'Portal del Campus home' })).toBeInTheDocument();
    expect(screen.getByText('3.46')).toBeInTheDocument();
    expect(asked(requests, GPA)).toBe(1);
  });
});
