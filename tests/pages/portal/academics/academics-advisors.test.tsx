import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../../contract/appointments.schema.js';
import { defaultCampus } from '../../../../contract/campus.schema.js';
import type { UserResult } from '../../../../src/api/user.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { AdvisorAppointments } from '../../../../src/ui/portal/academics/advisor-appointments.js';
import { student } from '../../../machines/fixtures.js';
import { wholeText } from '../../../matchers.js';
import { renderPortal } from '../../../routes/portal/render-portal.js';
import { renderInRouter } from '../../../ui/portal/in-router.js';
import { failing, studentAnswers, stubApi } from '../fake-academics-api.js';
import type { Answer } from '../fake-academics-api.js';
import type * as RevealModule from '../../../../src/machines/reveal.machine.js';

// As academics.test.tsx: the attendance warnings' patience held, so only the order is tested.
vi.mock('../../../../src/machines/reveal.machine.js', async (importOriginal) => {
  const real = await importOriginal<typeof RevealModule>();
  return { ...real, revealMachine: real.revealMachine.provide({ delays: { patience: 60_000 } }) };
});

const TEMPLATE = 'https://navigate.example.edu/book?advisor={email}';
const asStudent = async (): Promise<UserResult> => ({ kind: 'user', user: student });
const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 7,
  with: { name: 'Dr. Lee', office: 'Academic Advising' },
  // Thursday 2026-12-03, 10:00 on campus.
  starts_at: '2026-12-03T18:00:00.000Z',
  ends_at: '2026-12-03T18:30:00.000Z',
  place: 'Student Services 210',
  online_link: null,
  cancelled: false,
  from: 'Academic Advising',
  ...over,
});

function open(changes: Record<string, Answer> = {}, advisingBooking?: string) {
  stubApi({ ...studentAnswers(), ...changes });
  const campus = { ...defaultCampus, academics: { ...defaultCampus.academics, advisingBooking } };
  renderPortal('/academics', asStudent, { site: { campus } });
  return screen.findByRole('region', { name: 'Advisors' }, { timeout: 10_000 });
}

describe("Academics → the advisor card's next appointment and booking (issue 92)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await act(() => activateLocale('en'));
  });

  it('says the soonest appointment not cancelled: "Next: <when, campus time> with <whom>, <where>"', async () => {
    const cancelled = appointment({
      id: 6,
      with: { name: 'Dr. Ortiz', office: null },
      starts_at: '2026-11-30T18:00:00.000Z',
      ends_at: '2026-11-30T18:30:00.000Z',
      cancelled: true,
    });
    const card = await open({
      '/api/appointments': { status: 200, body: { appointments: [cancelled, appointment()] } },
    });
    expect(
      await within(card).findByText(
        wholeText('Next: Thu, Dec 3, 2026, 10:00 AM with Dr. Lee, Student Services 210'),
      ),
    ).toBeVisible();
    expect(within(card).getByText('Linh Nguyen')).toBeVisible();
    expect(within(card).queryByText(/Dr\. Ortiz/)).toBeNull();
  });

  it('"Book with my advisor" opens the campus\'s booking page for the primary advisor when a template is set', async () => {
    const card = await open({}, TEMPLATE);
    const book = await within(card).findByRole('link', { name: 'Book with my advisor' });
    expect(book).toHaveAttribute(
      'href',
      'https://navigate.example.edu/book?advisor=lnguyen%40campus.example.edu',
    );
    expect(book).toHaveAttribute('target', '_blank');
    expect(await within(card).findByText('No upcoming appointments')).toBeVisible();
  });

  it('no booking template, no "Book with my advisor"', async () => {
    const card = await open();
    expect(await within(card).findByText('No upcoming appointments')).toBeVisible();
    expect(within(card).queryByRole('link', { name: 'Book with my advisor' })).toBeNull();
  });

  it('a failed appointments read says so in a line; the advisors and the booking link stay', async () => {
    const card = await open({ '/api/appointments': failing }, TEMPLATE);
    expect(await within(card).findByText('Appointments could not be loaded')).toBeVisible();
    expect(within(card).getByText('Linh Nguyen')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Book with my advisor' })).toBeVisible();
  });

  it('in Spanish: "Próxima: …" in the Spanish form of the date, and "Reservar una cita con mi asesor"', async () => {
    await act(() => activateLocale('es'));
    await renderInRouter(() => (
      <AdvisorAppointments
        state="loaded"
        next={appointment()}
        timeZone="America/Los_Angeles"
        bookingUrl="https://navigate.example.edu/book"
      />
    ));
    expect(
      screen.getByText(
        wholeText(/^Próxima: jue.*3.*dic.*2026.* con Dr\. Lee, Student Services 210$/),
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reservar una cita con mi asesor' })).toBeVisible();
  });
});
