import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Grade } from '../../../../contract/sis/courses.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { activateLocale } from '../../../../src/lib/i18n.js';
import { AttendanceWarnings } from '../../../../src/ui/portal/academics/attendance-warnings.js';
import { GradesTable, TermPicker } from '../../../../src/ui/portal/academics/grades.js';
import { ScheduleView } from '../../../../src/ui/portal/academics/schedule.js';
import { SectionCard } from '../../../../src/ui/portal/academics/section-card.js';
import { GpaView, TermView } from '../../../../src/ui/portal/academics/summary-cards.js';

afterEach(() => activateLocale('en'));

const meeting: Meeting = {
  SUBJECTCODE: 'CS',
  COURSENUMBER: '161',
  COURSETITLE: 'Introduction to Programming',
  COURSEREGISTRATIONNUMBER: '41234',
  TERMCODE: '202604',
  DAYS: 'R',
  DAYSDISPLAY: 'R',
  STARTTIME: '14:00',
  ENDTIME: '15:50',
  STARTDATE: '2026-09-28',
  ENDDATE: '2026-12-11',
  BUILDING: null,
  ROOM: null,
  LOCATION: null,
  MEETINGTYPE: 'LEC',
  INSTRUCTIONAL_METHOD: 'In Person',
};

const grade: Grade = {
  SUBJECTCODE: 'CS',
  COURSENUMBER: '161',
  COURSETITLE: 'Introduction to Programming',
  COURSEREGISTRATIONNUMBER: '41234',
  TERMCODE: '202603',
  FINALGRADE: null,
  GRADEDATE: null,
};

describe('Academics in Spanish (issue 59)', () => {
  it('names terms in Spanish in the grades’ picker and table, the English names unchanged', async () => {
    const { rerender } = render(
      <>
        <TermPicker terms={['202604', '202601']} selected="202604" onSelect={() => {}} />
        <GradesTable grades={[grade]} term="202603" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Term' })).toHaveTextContent('Fall 2026');
    expect(screen.getByRole('table', { name: 'Final grades for Summer 2026' })).toBeInTheDocument();
    await act(() => activateLocale('es'));
    rerender(
      <>
        <TermPicker terms={['202604', '202601']} selected="202604" onSelect={() => {}} />
        <GradesTable grades={[grade]} term="202603" />
      </>,
    );
    const picker = screen.getByRole('combobox', { name: 'Período académico' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Otoño de 2026', 'Invierno de 2026']);
    const table = screen.getByRole('table', { name: 'Calificaciones finales de Verano de 2026' });
    expect(within(table).getByText('Sin publicar')).toBeInTheDocument();
    // The course title is the SIS's English, marked as such (WCAG 3.1.2).
    expect(within(table).getByText('Introduction to Programming')).toHaveAttribute('lang', 'en');
  });

  it('writes a holiday and the week’s days in Spanish, the class time on the es-US clock', async () => {
    await act(() => activateLocale('es'));
    render(
      <ScheduleView
        days={[{ label: 'THU', meetings: [meeting], holiday: 'Thanksgiving' }]}
        courses={{}}
      />,
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('JUE jueves');
    const holiday = screen.getByText('Thanksgiving');
    expect(holiday.closest('p')).toHaveTextContent('No hay clases este jueves: Thanksgiving.');
    // The campus's holiday name is its English, marked so (issue 76).
    expect(holiday).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Lugar por anunciar')).toBeInTheDocument();
    expect(screen.getByText('CRN 41234')).toBeInTheDocument();
    expect(screen.getByText(/^2:00\sp\.\s?m\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detalles del curso' })).toBeInTheDocument();
  });

  it('composes the attendance warning as one Spanish sentence around the SIS’s course title', async () => {
    await act(() => activateLocale('es'));
    render(
      <AttendanceWarnings
        state="loaded"
        courses={[
          {
            TERMCODE: '202604',
            COURSEREGISTRATIONNUMBER: '41234',
            SUBJECT: 'CS',
            COURSENUMBER: '161',
            COURSETITLE: 'Introduction to Programming',
            INITATTENDANCE: 'N',
            ACCEPTEDAID: 'Y',
            EXCLUSIONLIST: 'N',
            read_on: null,
          },
        ]}
        termName="Otoño 2026"
        saving={new Set()}
        failed={new Set(['41234'])}
        offline={false}
        onMarkRead={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Confirme que asiste a sus clases de Otoño 2026' }),
    ).toBeInTheDocument();
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent(
      'CS 161 Introduction to Programming (CRN 41234): nuestros registros no indican que haya empezado a asistir a este curso.',
    );
    expect(within(item).getByRole('alert')).toHaveTextContent(
      'No se pudo guardar. Vuelva a intentarlo.',
    );
    expect(within(item).getByRole('button', { name: 'Marcar como leído: CS 161' })).toBeEnabled();
  });

  it('labels a graduate GPA, the term’s week and a section’s loading line in Spanish', async () => {
    await act(() => activateLocale('es'));
    render(
      <>
        <GpaView records={[{ GPATYPEINDICATOR: 'I', LEVELCODE: 'GR', GPA: 3.8 }]} />
        <TermView name="Otoño 2026" week={3} bookstore={null} veteran={null} />
        <SectionCard
          id="gpa"
          title="Promedio (GPA)"
          state="loading"
          emptyText=""
          onRetry={() => {}}
        >
          {null}
        </SectionCard>
      </>,
    );
    expect(screen.getByText('3.80 (Posgrado)')).toBeInTheDocument();
    expect(screen.getByText('Semana 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando promedio (GPA)…');
  });
});
