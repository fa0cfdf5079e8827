import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { NsTasksTable, NsUserTasksTable } from '../../../server/db/next-steps.schema.js';
import {
  compareTasks,
  hasStudentChecklist,
  isOverdue,
  studentTypesFromRecord,
  toTask,
  toUserTask,
} from '../../../server/next-steps/rules.js';

const now = new Date('2026-09-15T12:00:00Z');
const past = '2026-09-01T12:00:00Z';
const future = '2026-10-01T12:00:00Z';

describe('the server’s overdue rule (next-steps.md §4)', () => {
  it('a task is overdue when it has a deadline, its end has passed and it is not done', () => {
    expect(isOverdue({ has_deadline: true, ends_on: past }, null, now)).toBe(true);
  });

  it('a task without a deadline is never overdue, even after its end', () => {
    expect(isOverdue({ has_deadline: false, ends_on: past }, null, now)).toBe(false);
  });

  it('a done task is not overdue', () => {
    expect(isOverdue({ has_deadline: true, ends_on: past }, past, now)).toBe(false);
  });

  it('a task whose end is this very moment is not overdue yet', () => {
    expect(isOverdue({ has_deadline: true, ends_on: now.toISOString() }, null, now)).toBe(false);
  });

  it('a task whose end is still ahead is not overdue', () => {
    expect(isOverdue({ has_deadline: true, ends_on: future }, null, now)).toBe(false);
    expect(isOverdue({ has_deadline: true, ends_on: null }, null, now)).toBe(false);
  });
});

const taskRow = (over: Partial<Selectable<NsTasksTable>>): Selectable<NsTasksTable> => ({
  id: 1,
  title: 'Register for classes',
  description: 'Pick your classes.',
  translations: '{}',
  category_id: 3,
  starts_on: null,
  ends_on: null,
  ends_on_day: null,
  inbound_item_id: null,
  has_deadline: 0,
  is_important: 0,
  important_reason: '',
  new_student_checklist: 0,
  checklist_rank: null,
  action_date: null,
  periodicity: 'once',
  sort_by: 'START',
  modality: 'ONLINE',
  published: 1,
  version: 1,
  publishes_on: null,
  reminder_offsets: '[]',
  ...over,
});

const userTaskRow = (over: Partial<Selectable<NsUserTasksTable>> = {}) => ({
  id: 70,
  user_id: 5,
  task_id: 1,
  starred: 0,
  completed_on: null,
  does_not_apply_on: null,
  do_now_on: null,
  completed_by: null,
  completed_because: null,
  ...over,
});

describe('a stored task as the API answers it (next-steps.md §3)', () => {
  it('a stored task answers with its fields, its flags as booleans and its category as a number', () => {
    const row = taskRow({
      has_deadline: 1,
      is_important: 1,
      important_reason: 'Deadline soon',
      new_student_checklist: 1,
      checklist_rank: 2,
      starts_on: past,
      ends_on: future,
      action_date: past,
      sort_by: 'END',
      modality: 'HYBRID',
    });
    expect(toTask(row)).toEqual({
      id: 1,
      title: 'Register for classes',
      description: 'Pick your classes.',
      category: 3,
      starts_on: past,
      ends_on: future,
      ends_on_day: null,
      has_deadline: true,
      is_important: true,
      important_reason: 'Deadline soon',
      new_student_checklist: true,
      checklist_rank: 2,
      action_date: past,
      periodicity: 'once',
      sort_by: 'END',
      modality: 'HYBRID',
    });
    expect(toTask(taskRow({}))).toMatchObject({
      has_deadline: false,
      is_important: false,
      new_student_checklist: false,
    });
  });

  it('a stored sort_by or modality the API does not know reads as START and ONLINE', () => {
    expect(toTask(taskRow({ sort_by: 'MIDDLE', modality: 'CARRIER_PIGEON' }))).toMatchObject({
      sort_by: 'START',
      modality: 'ONLINE',
    });
    expect(toTask(taskRow({ modality: 'IN_PERSON' })).modality).toBe('IN_PERSON');
  });

  it('a completion a publisher’s system made answers whose it is (“Completed in <publisher>”); a student’s own says nothing', () => {
    const task = taskRow({});
    const theirs = userTaskRow({ completed_on: past, completed_by: 'Financial Aid' });
    expect(toUserTask(theirs, task, now).completed_in).toBe('Financial Aid');
    expect(toUserTask(userTaskRow({ completed_on: past }), task, now)).not.toHaveProperty(
      'completed_in',
    );
  });

  it('a completion the student’s record made answers why (“Completed: Registrar removed this hold”); unreadable JSON or a department’s completion answers no reason', () => {
    const task = taskRow({});
    const record = (completed_because: string | null) =>
      toUserTask(
        userTaskRow({ completed_on: past, completed_by: 'Student record', completed_because }),
        task,
        now,
      );
    expect(record('{"kind":"hold-removed","office":"Registrar"}')).toMatchObject({
      completed_in: 'Student record',
      completed_because: { kind: 'hold-removed', office: 'Registrar' },
    });
    expect(record('{"kind":"class-dropped"}').completed_because).toEqual({
      kind: 'class-dropped',
    });
    expect(record('not json')).not.toHaveProperty('completed_because');
    expect(record('{"office":"Registrar"}')).not.toHaveProperty('completed_because');
    expect(record(null)).not.toHaveProperty('completed_because');
    // Not completed (a reason left over): no reason.
    const open = userTaskRow({ completed_by: 'Student record', completed_because: '{"kind":"x"}' });
    expect(toUserTask(open, task, now)).not.toHaveProperty('completed_because');
  });

  it('an assignment answers with its task nested, starred as a boolean and the overdue flag the server computed', () => {
    const task = taskRow({ has_deadline: 1, ends_on: past });
    expect(toUserTask(userTaskRow({ starred: 1, do_now_on: past }), task, now)).toEqual({
      id: 70,
      user: 5,
      task: toTask(task),
      starred: true,
      completed_on: null,
      does_not_apply_on: null,
      do_now_on: past,
      overdue: true,
    });
    const done = toUserTask(
      userTaskRow({ completed_on: past, does_not_apply_on: past }),
      task,
      now,
    );
    expect(done).toMatchObject({
      starred: false,
      completed_on: past,
      does_not_apply_on: past,
      overdue: false,
    });
  });
});

describe('the order the server lists tasks in', () => {
  const assignment = (id: number, over: Partial<Selectable<NsTasksTable>>): UserTask =>
    toUserTask(userTaskRow({ id }), taskRow({ id, ...over }), now);
  const order = (tasks: UserTask[]) => [...tasks].sort(compareTasks).map((t) => t.task.id);

  it('tasks go by date: the start for sort_by START, the end for sort_by END, the other date when that one is missing', () => {
    expect(
      order([
        assignment(1, {
          sort_by: 'START',
          starts_on: '2026-09-20T00:00:00Z',
          ends_on: '2026-09-02T00:00:00Z',
        }),
        assignment(2, {
          sort_by: 'END',
          starts_on: '2026-09-01T00:00:00Z',
          ends_on: '2026-09-10T00:00:00Z',
        }),
        assignment(3, { sort_by: 'START', starts_on: null, ends_on: '2026-09-05T00:00:00Z' }),
        assignment(4, { sort_by: 'END', starts_on: '2026-09-07T00:00:00Z', ends_on: null }),
      ]),
    ).toEqual([3, 4, 2, 1]);
  });

  it('undated tasks go last; then checklist rank (unranked last); then id, so the order is stable', () => {
    expect(
      order([
        assignment(9, {}),
        assignment(8, { checklist_rank: 2 }),
        assignment(7, { checklist_rank: 1 }),
        assignment(6, { starts_on: '2026-12-01T00:00:00Z' }),
        assignment(5, {}),
        assignment(4, { checklist_rank: 2 }),
      ]),
    ).toEqual([6, 7, 4, 8, 5, 9]);
  });

  it('tasks of the same date go by checklist rank, then id', () => {
    const day = '2026-10-01T00:00:00Z';
    expect(
      order([
        assignment(3, { starts_on: day }),
        assignment(2, { starts_on: day, checklist_rank: 5 }),
        assignment(1, { starts_on: day }),
      ]),
    ).toEqual([2, 1, 3]);
  });
});

describe('who gets the checklist (issue #28, portal.md §6 roles)', () => {
  it('a person with a student role gets the student tasks; a student worker is a student too', () => {
    expect(hasStudentChecklist({ primary_role: 'student', other_roles: [] })).toBe(true);
    expect(hasStudentChecklist({ primary_role: 'staff', other_roles: ['student_worker'] })).toBe(
      true,
    );
    expect(hasStudentChecklist({ primary_role: 'faculty', other_roles: ['student'] })).toBe(true);
  });

  it.each([
    ['staff', []],
    ['faculty', ['staff']],
    ['advisor', ['staff']],
    ['emeritus', []],
  ] as const)('an employee (%s) with no student role gets no student tasks', (primary, other) => {
    expect(hasStudentChecklist({ primary_role: primary, other_roles: [...other] })).toBe(false);
  });
});

describe('student types come from the student record (issue #28)', () => {
  const program = (LEVL_CODE: 'GR' | 'UG', ADMITLEVEL: string, STUDENT_TYPE: string) => ({
    LEVL_CODE,
    ADMITLEVEL,
    STUDENT_TYPE,
  });
  const noVeteran = {
    VETERAN_ELIGIBILITY: 'N' as const,
    VETERAN_STATUS: null,
    CITIZENSHIP_STATUS: 'US Citizen',
  };

  it('a new transfer student who is a veteran is an undergraduate on the first-year checklist, a transfer and a veteran', () => {
    const types = studentTypesFromRecord(
      {
        curricula: [program('UG', 'Transfer', 'New Transfer')],
        classStanding: 'Transfer',
        person: { VETERAN_ELIGIBILITY: 'Y', VETERAN_STATUS: 'Veteran', CITIZENSHIP_STATUS: null },
      },
      true,
    );
    expect(types).toEqual(['Undergraduate', 'First-Year', 'Transfer', 'Veteran']);
  });

  it('a graduate program makes a Graduate student, not an Undergraduate one', () => {
    const types = studentTypesFromRecord(
      {
        curricula: [program('GR', 'Graduate', 'Continuing')],
        classStanding: 'Graduate',
        person: { ...noVeteran, CITIZENSHIP_STATUS: 'Permanent Resident' },
      },
      false,
    );
    expect(types).toEqual(['Graduate']);
  });

  it('a continuing undergraduate is only Undergraduate; a new graduate student is not First-Year', () => {
    const continuing = { curricula: [program('UG', 'Freshman', 'Continuing')] };
    expect(
      studentTypesFromRecord(
        { ...continuing, classStanding: 'Sophomore', person: noVeteran },
        false,
      ),
    ).toEqual(['Undergraduate']);
    const newGraduate = { curricula: [program('GR', 'Graduate', 'New Graduate')] };
    expect(
      studentTypesFromRecord({ ...newGraduate, classStanding: null, person: noVeteran }, true),
    ).toEqual(['Graduate']);
  });

  it('a student on a visa is International; without a program the class standing gives the level', () => {
    expect(
      studentTypesFromRecord(
        {
          curricula: [],
          classStanding: 'Junior',
          person: { ...noVeteran, CITIZENSHIP_STATUS: 'International (F-1 visa)' },
        },
        false,
      ),
    ).toEqual(['Undergraduate', 'International']);
  });

  it('without a program, a Graduate class standing makes a Graduate student and any other standing an Undergraduate', () => {
    const noProgram = { curricula: [], person: noVeteran };
    expect(studentTypesFromRecord({ ...noProgram, classStanding: 'Graduate' }, false)).toEqual([
      'Graduate',
    ]);
    expect(studentTypesFromRecord({ ...noProgram, classStanding: 'Senior' }, false)).toEqual([
      'Undergraduate',
    ]);
    // A program's level wins over the standing: a graduate program with an odd standing is Graduate.
    expect(
      studentTypesFromRecord(
        {
          curricula: [program('GR', 'Graduate', 'Continuing')],
          classStanding: 'Senior',
          person: null,
        },
        false,
      ),
    ).toEqual(['Graduate']);
  });

  it('a student the SIS does not flag as new is First-Year when a program says "New …", but not for "Renewed"', () => {
    const record = (STUDENT_TYPE: string) => ({
      curricula: [program('UG', 'Freshman', STUDENT_TYPE)],
      classStanding: 'Freshman',
      person: noVeteran,
    });
    expect(studentTypesFromRecord(record('New Freshman'), false)).toEqual([
      'Undergraduate',
      'First-Year',
    ]);
    expect(studentTypesFromRecord(record('Renewed Admit'), false)).toEqual(['Undergraduate']);
  });

  it('a transfer is known by the standing alone, by the admit level alone or by the student type alone', () => {
    const ug = (ADMITLEVEL: string, STUDENT_TYPE: string, classStanding: string) =>
      studentTypesFromRecord(
        { curricula: [program('UG', ADMITLEVEL, STUDENT_TYPE)], classStanding, person: null },
        false,
      );
    expect(ug('Freshman', 'Continuing', 'Transfer')).toEqual(['Undergraduate', 'Transfer']);
    expect(ug('Transfer', 'Continuing', 'Junior')).toEqual(['Undergraduate', 'Transfer']);
    expect(ug('Freshman', 'Transfer Continuing', 'Junior')).toEqual(['Undergraduate', 'Transfer']);
    expect(ug('Freshman', 'Continuing', 'Junior')).toEqual(['Undergraduate']);
  });

  it('a veteran is known by eligibility or by a recorded status of exactly "Veteran"', () => {
    type Person = Parameters<typeof studentTypesFromRecord>[0]['person'];
    const withPerson = (person: Person) =>
      studentTypesFromRecord({ curricula: [], classStanding: 'Senior', person }, false);
    expect(withPerson({ ...noVeteran, VETERAN_STATUS: 'veteran' })).toEqual([
      'Undergraduate',
      'Veteran',
    ]);
    expect(withPerson({ ...noVeteran, VETERAN_ELIGIBILITY: 'Y' })).toEqual([
      'Undergraduate',
      'Veteran',
    ]);
    expect(withPerson({ ...noVeteran, VETERAN_STATUS: 'Not a veteran' })).toEqual([
      'Undergraduate',
    ]);
    expect(withPerson({ ...noVeteran, VETERAN_STATUS: 'Veteran dependent' })).toEqual([
      'Undergraduate',
    ]);
  });

  it('a non-resident (with or without the hyphen) is International; a citizen or no citizenship status is not', () => {
    const citizenship = (CITIZENSHIP_STATUS: string | null) =>
      studentTypesFromRecord(
        { curricula: [], classStanding: 'Senior', person: { ...noVeteran, CITIZENSHIP_STATUS } },
        false,
      );
    expect(citizenship('Nonresident Alien')).toEqual(['Undergraduate', 'International']);
    expect(citizenship('Non-Resident')).toEqual(['Undergraduate', 'International']);
    expect(citizenship(null)).toEqual(['Undergraduate']);
    expect(citizenship('US Citizen')).toEqual(['Undergraduate']);
  });

  it('a new student with neither program nor standing is First-Year; a new graduate-standing student is not', () => {
    expect(
      studentTypesFromRecord({ curricula: [], classStanding: null, person: null }, true),
    ).toEqual(['First-Year']);
    expect(
      studentTypesFromRecord({ curricula: [], classStanding: 'Graduate', person: null }, true),
    ).toEqual(['Graduate']);
  });

  it('a record that says nothing (no program, standing or person data) gives no student type', () => {
    expect(
      studentTypesFromRecord({ curricula: [], classStanding: null, person: null }, false),
    ).toEqual([]);
  });
});
