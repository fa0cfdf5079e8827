import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import { SAMPLE_HOLIDAYS } from '../../../../contract/sample-holidays.js';
import type { UserResult } from '../../../../src/api/user.js';
import { student, staff } from '../../../machines/fixtures.js';
import { failing, studentAnswers, stubApi, warning } from '../fake-academics-api.js';
import type { Answer } from '../fake-academics-api.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { selectApiErrors } from '../../../../src/machines/app.machine.js';
import { wholeText } from '../../../matchers.js';
import type * as RevealModule from '../../../../src/machines/reveal.machine.js';

// The page's patience with a slow attendance warning (machines/reveal.machine.ts) is wall-clock
// time, which a busy run of the suite can spend before a test releases the warning (a rehearsal's
// Vitest did): held for this file, so what its tests check is the order alone. The patience itself
// is the machine's own tests'.
vi.mock('../../../../src/machines/reveal.machine.js', async (importOriginal) => {
  const real = await importOriginal<typeof RevealModule>();
  return { ...real, revealMachine: real.revealMachine.provide({ delays: { patience: 60_000 } }) };
});

const asStudent = async (): Promise<UserResult> => ({ kind: 'user', user: student });
const section = (name: string) => screen.getByRole('region', { name });
const apiErrors = (app: ReturnType<typeof renderPortal>['app']) =>
  selectApiErrors(app.getSnapshot()).map((e) => `${e.component ?? ''}: ${e.message}`);

function open(path: string, changes: Record<string, Answer> = {}) {
  const requests = stubApi({ ...studentAnswers(), ...changes });
  return { ...renderPortal(path, asStudent), requests };
}

describe('the Academics page of a student', () => {
  beforeEach(() => {
    // Monday 2026-11-23, 10:00 on campus: week 9 of Fall 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows every section from the SIS answers, and the title "Academics · Campus Portal"', async () => {
    open('/academics');
    // The file's first render loads the page's chunks: on a loaded machine past the usual wait.
    expect(await screen.findByText('3.46', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('Week 9')).toBeInTheDocument();
    expect(await within(await waitForRegion('Standing')).findByText('Sophomore')).toBeVisible();
    expect(await within(section('Academic program')).findByText('Computer Science')).toBeVisible();
    expect(await screen.findByText('Spring 2029')).toBeInTheDocument();
    expect(await screen.findByText('OTHER')).toBeInTheDocument();
    expect(await screen.findByText('Linh Nguyen')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Term' })).toHaveValue('202603');
    // The degree progress section names the same courses: the grades' own are read.
    expect(
      await within(await waitForRegion('Grades')).findByText('Mind and Brain'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Textbooks for Fall 2026 at the bookstore' }),
    ).toHaveAttribute('href', 'https://bookstore.campus.example.edu/term/202604');
    expect(document.title).toBe('Academics · Campus Portal');
  });

  it("this week's schedule shows no classes on a campus holiday: Thursday is Thanksgiving", async () => {
    stubApi(studentAnswers());
    renderPortal('/academics', asStudent, {
      site: { campus: { ...defaultCampus, holidays: SAMPLE_HOLIDAYS } },
    });
    const thursday = await screen.findByRole('region', { name: /^THU/ });
    expect(
      within(thursday).getByText(wholeText('No classes this Thursday: Thanksgiving holiday.')),
    ).toBeVisible();
    expect(within(thursday).queryByText('WR 121')).not.toBeInTheDocument();
    const tuesday = screen.getByRole('region', { name: /^TUE/ });
    expect(within(tuesday).getByText('WR 121')).toBeVisible();
  });

  it('warns about CS 161 (all six conditions hold) and not about the others', async () => {
    open('/academics');
    const warningBox = await screen.findByRole('region', { name: /Confirm you are attending/ });
    expect(
      within(warningBox).getByText(wholeText(/CS 161 Introduction to Programming/)),
    ).toBeInTheDocument();
    expect(within(warningBox).queryByText(/WR 121/)).not.toBeInTheDocument();
    expect(within(warningBox).queryByText(/MTH 251/)).not.toBeInTheDocument();
  });

  it('marking the warning read saves it on the server, then the warning goes', async () => {
    const { requests } = open('/academics', {
      'POST /api/academics/attendance/read': {
        status: 200,
        body: { term: '202604', crn: '41234', read_on: '2026-11-23T18:00:00.000Z' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as read: CS 161' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Confirm you are attending/ })).toBeNull(),
    );
    const saved = requests.find((r) => r.method === 'POST');
    expect(saved?.path).toBe('/api/academics/attendance/read');
    expect(JSON.parse(saved?.body ?? '{}')).toEqual({ term: '202604', crn: '41234' });
  });

  it('a course detail panel opens and closes by keyboard, with aria-expanded', async () => {
    open('/academics');
    const user = userEvent.setup();
    const [toggle] = await screen.findAllByRole('button', { name: 'Course details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle?.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('link', { name: 'praman@campus.example.edu' })[0]).toBeVisible();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('one failing call fails its own section only and pushes "Error retreiving data" for it', async () => {
    const { app } = open('/academics', { '/api/integrations/finti/gpa': failing });
    expect(
      await within(await waitForRegion('GPA')).findByText('Error retrieving info'),
    ).toBeVisible();
    expect(await within(await waitForRegion('Standing')).findByText('Sophomore')).toBeVisible();
    expect(await screen.findByText('Linh Nguyen')).toBeInTheDocument();
    await waitFor(() => expect(apiErrors(app)).toEqual(['gpa: Error retreiving data']));
  });

  it('a failing term call says "Unable to retrieve current term info" and counts once', async () => {
    const { app } = open('/academics', {
      '/api/integrations/finti/current-term': failing,
      '/api/integrations/finti/term-info': failing,
    });
    const term = await waitForRegion('Current term');
    expect(await within(term).findByText('Unable to retrieve current term info')).toBeVisible();
    expect(await within(await waitForRegion('Standing')).findByText('Sophomore')).toBeVisible();
    await waitFor(() =>
      expect(apiErrors(app).sort()).toEqual([
        'current-term: Unable to retrieve current term info',
        'term-info: Unable to retrieve current term info',
      ]),
    );
  });

  it('a retry after a failure loads the section again', async () => {
    const answers = { ...studentAnswers(), '/api/integrations/finti/advisor': failing };
    stubApi(answers);
    renderPortal('/academics', asStudent);
    const advisors = await waitForRegion('Advisors');
    const retry = await within(advisors).findByRole('button', { name: 'Try again' });
    answers['/api/integrations/finti/advisor'] =
      studentAnswers()['/api/integrations/finti/advisor'] ?? failing;
    await userEvent.setup().click(retry);
    expect(await within(advisors).findByText('Linh Nguyen')).toBeInTheDocument();
  });

  it('Warning answers count as empty and show the sections’ empty texts', async () => {
    open('/academics', {
      '/api/integrations/finti/gpa': warning,
      '/api/integrations/finti/standing': warning,
      '/api/integrations/finti/curriculum-info': warning,
      '/api/integrations/finti/advisor': warning,
    });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(
      await within(await waitForRegion('Standing')).findByText('No Class Standing/Not Applicable'),
    ).toBeVisible();
    expect(await screen.findByText('No Current Standing / Not Applicable')).toBeInTheDocument();
    expect(
      await within(await waitForRegion('Academic program')).findByText(
        'No Record Found/Not Applicable',
      ),
    ).toBeVisible();
    expect(await screen.findByText('No advisor is assigned to you yet.')).toBeInTheDocument();
  });

  it('the sections load out of sight until the attendance warnings answer, so a warning never pushes them down', async () => {
    const answers = studentAnswers();
    const attendance = answers['/api/academics/attendance?term=202604'];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubApi({ ...answers, '/api/academics/attendance?term=202604': 'hang' });
    const fetchNow = vi.mocked(globalThis.fetch);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(new Request(input, init).url).includes('/api/academics/attendance')) {
        await held;
        return Response.json(attendance && attendance !== 'hang' ? attendance.body : null);
      }
      return fetchNow(input, init);
    });
    renderPortal('/academics', asStudent);
    expect(await screen.findByRole('heading', { level: 1, name: 'Academics' })).toBeVisible();
    // The GPA answered, but its section is out of sight while the warnings are still on their way.
    await screen.findByText('3.46');
    expect(screen.queryByRole('region', { name: 'GPA' })).toBeNull();
    // Whether the warnings were on the page in the very change that first showed the sections
    // below them (one React commit: the observer is told once it is whole).
    const warningsWithFirstSections: boolean[] = [];
    const watch = new MutationObserver(() => {
      if (warningsWithFirstSections.length > 0) return;
      if (screen.queryByRole('region', { name: 'GPA' }) === null) return;
      warningsWithFirstSections.push(
        screen.queryByRole('region', { name: /Confirm you are attending/ }) !== null,
      );
    });
    watch.observe(document.body, { childList: true, subtree: true, attributes: true });
    release();
    expect(await screen.findByRole('region', { name: 'GPA' })).toBeVisible();
    watch.disconnect();
    expect(screen.getByRole('region', { name: /Confirm you are attending/ })).toBeVisible();
    expect(warningsWithFirstSections).toEqual([true]);
  });

  it('each section shows its own loading state while its call is under way', async () => {
    open('/academics', { '/api/integrations/finti/standing': 'hang' });
    await screen.findByText('3.46');
    expect(within(section('Standing')).getByRole('status')).toHaveTextContent('Loading standing');
  });

  it('an empty schedule and empty grades say so', async () => {
    open('/academics?term=202604', {
      '/api/integrations/finti/schedule?term=202604': { status: 200, body: [] },
    });
    // Asked again each time: a section drawn again (its read's answer arriving) replaces the node.
    await waitFor(() =>
      expect(screen.getByText('You have no classes scheduled this term.')).toBeVisible(),
    );
    await waitFor(() => expect(screen.getByText('No grades for Fall 2026 yet.')).toBeVisible());
  });

  it('the grades open on the latest past term with grades, passing over a term off', async () => {
    open('/academics', {
      '/api/integrations/finti/grades?term=202603': { status: 200, body: [] },
    });
    // The degree progress section names the same courses: the grades' own are read.
    expect(
      await within(await waitForRegion('Grades')).findByText('Trigonometry'),
    ).toBeInTheDocument();
    // The grades and the terms are two reads: the picker follows once both are in.
    expect(await screen.findByRole('combobox', { name: 'Term' })).toHaveValue('202602');
  });

  it('the grades open on the ?term= of the address, and a bad term code is dropped', async () => {
    const { router } = open('/academics?term=202601');
    // The degree progress section names the same courses: the grades' own are read.
    expect(
      await within(await waitForRegion('Grades')).findByText('College Algebra'),
    ).toBeInTheDocument();
    // The term control is drawn with the grades, which may come a moment after the first course name.
    await userEvent
      .setup()
      .selectOptions(await screen.findByRole('combobox', { name: 'Term' }), '202602');
    // The degree progress section names the same courses: the grades' own are read.
    expect(
      await within(await waitForRegion('Grades')).findByText('Trigonometry'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ term: 202602 });
    expect(router.state.location.href).toBe('/academics?term=202602');
    for (const bad of ['202605', 'fall', '%22202601%22x']) {
      router.history.push(`/academics?term=${bad}`);
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Term' })).toHaveValue('202603'),
      );
      router.history.push('/academics?term=202601');
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Term' })).toHaveValue('202601'),
      );
    }
  });
});

describe('the Academics page of an employee without a student role', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what the page is for and calls no student data', async () => {
    const requests = stubApi({});
    renderPortal('/academics', async () => ({ kind: 'user', user: staff }));
    expect(await screen.findByRole('heading', { name: 'This page is for students' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Class schedule search' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'GPA' })).not.toBeInTheDocument();
    // Nudges are for everyone; no academic record is asked for.
    expect(requests.filter((r) => r.path.includes('finti') && !r.path.endsWith('/nudges'))).toEqual(
      [],
    );
  });

  it('the profile summary shows a student card on academics, whatever the primary role', async () => {
    stubApi({});
    renderPortal('/academics', async () => ({ kind: 'user', user: staff }));
    const summary = await screen.findByRole('region', { name: 'Profile summary' });
    expect(within(summary).getByText('Program')).toBeVisible();
    expect(within(summary).getByText('No Record Found/Not Applicable')).toBeVisible();
    expect(within(summary).getByText('No Class Standing/Not Applicable')).toBeVisible();
    expect(within(summary).queryByText('Department')).toBeNull();
  });
});

async function waitForRegion(name: string) {
  return screen.findByRole('region', { name });
}
