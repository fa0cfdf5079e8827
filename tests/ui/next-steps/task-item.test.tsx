import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/lib/i18n.js';
import { TaskItem } from '../../../src/ui/next-steps/task-item.js';
import { userTask } from '../../lib/fixtures.js';
import { renderInRouter } from '../portal/in-router.js';

const item = (t: ReturnType<typeof userTask>, isNewStudent = true, waiting = false) =>
  renderInRouter(() => (
    <ul>
      <TaskItem
        userTask={t}
        isNewStudent={isNewStudent}
        funCategoryId={null}
        selected={false}
        waiting={waiting}
        search={{}}
        onBookmark={() => {}}
      />
    </ul>
  ));

describe('a list item says in words what its bar means (WCAG 1.4.1, issue 43)', () => {
  it('an overdue new-student checklist task shows its badge and says OVERDUE, so the announcement’s count matches the list', async () => {
    await item(
      userTask(1, { overdue: true }, { title: 'Orientation', new_student_checklist: true }),
    );
    expect(screen.getByText('NEW STUDENT CHECKLIST')).toBeVisible();
    expect(screen.getByText('OVERDUE')).toBeVisible();
  });

  it('an overdue task says OVERDUE once', async () => {
    await item(userTask(1, { overdue: true }, { title: 'Submit your FAFSA' }), false);
    expect(screen.getAllByText('OVERDUE')).toHaveLength(1);
  });

  it('an important task says Important', async () => {
    await item(userTask(1, {}, { title: 'Housing', is_important: true }), false);
    expect(screen.getByText('Important')).toBeVisible();
  });

  it('a done task is not called overdue', async () => {
    await item(
      userTask(1, { overdue: true, completed_on: '2026-11-20T10:00:00Z' }, { title: 'FAFSA' }),
      false,
    );
    expect(screen.queryByText('OVERDUE')).toBeNull();
  });
});

describe('a task a department’s system marked done (issue 60)', () => {
  it('says “Completed in” the publisher', async () => {
    await item(
      userTask(
        1,
        { completed_on: '2026-11-20T10:00:00Z', completed_in: 'Financial Aid' },
        { title: 'Verification worksheet' },
      ),
      false,
    );
    expect(screen.getByText('Completed in Financial Aid')).toBeVisible();
  });
});

describe('a task the student’s record completed (issue 74)', () => {
  afterEach(() => activateLocale('en'));
  const byRecord = (completed_because: { kind: string; office?: string }) =>
    userTask(
      1,
      { completed_on: '2026-11-20T10:00:00Z', completed_in: 'Student record', completed_because },
      { title: 'Clear your registration hold' },
    );

  it('a hold’s removal says “Completed: Registrar removed this hold”, not where', async () => {
    await item(byRecord({ kind: 'hold-removed', office: 'Registrar' }), false);
    expect(screen.getByText('Completed: Registrar removed this hold')).toBeVisible();
    expect(screen.queryByText(/Completed in/)).toBeNull();
  });

  it('another change of the record says “Completed: your record changed”', async () => {
    await item(byRecord({ kind: 'class-dropped' }), false);
    expect(screen.getByText('Completed: your record changed')).toBeVisible();
  });

  it('in Spanish: “Completada: Registrar quitó esta retención”', async () => {
    await activateLocale('es');
    await item(byRecord({ kind: 'hold-removed', office: 'Registrar' }), false);
    expect(screen.getByText('Completada: Registrar quitó esta retención')).toBeVisible();
  });
});

describe('an advising campaign an appointment completed (issue 92)', () => {
  afterEach(() => activateLocale('en'));
  const booked = userTask(
    1,
    {
      completed_on: '2027-12-01T12:00:00Z',
      completed_in: 'Navigate',
      completed_because: { kind: 'appointment-booked', office: 'Advising Center' },
    },
    { title: 'Meet your advisor before registration' },
  );

  it('says “Completed: appointment booked with Advising Center”, not a hold’s removal nor where', async () => {
    await item(booked, false);
    expect(screen.getByText('Completed: appointment booked with Advising Center')).toBeVisible();
    expect(screen.queryByText(/removed this hold|Completed in/)).toBeNull();
  });

  it('in Spanish: “Completada: cita reservada con Advising Center”', async () => {
    await activateLocale('es');
    await item(booked, false);
    expect(screen.getByText('Completada: cita reservada con Advising Center')).toBeVisible();
  });
});

describe('a change made offline (issue 44)', () => {
  it('a task whose done or bookmark waits to be sent says so in the list', async () => {
    await item(userTask(1, { starred: true }), false, true);
    expect(screen.getByText('Waiting to send — you’re offline')).toBeVisible();
  });
});

describe('a list item in Spanish (issue 59)', () => {
  afterEach(() => activateLocale('en'));

  it('says Importante, and names its bookmark button "Guardar" with the task', async () => {
    await activateLocale('es');
    await item(userTask(1, {}, { title: 'Orientation', is_important: true }), false);
    expect(screen.getByText('Importante')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Orientation' })).toBeInTheDocument();
  });
});
