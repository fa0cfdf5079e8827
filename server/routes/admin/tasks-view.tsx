import type { ReactNode } from 'react';
import { MAX_REMINDER_DAYS, MAX_REMINDERS } from '../../../contract/admin/tasks.schema.js';
import type { AdminTask, AdminTaskQuery } from '../../../contract/admin/tasks.schema.js';
import { formatCampus, toCampusInput } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import { Checkbox, CheckboxGroup, DataTable, Input, Select, Textarea } from '../../admin/fields.js';
import { DeleteConfirm, ItemForm, SearchForm } from '../../admin/crud-view.js';
import type { FieldKind, FormValues } from '../../admin/forms.js';
import { SPANISH_FORM, SpanishFields } from '../../admin/spanish-fields.js';
import type { Choice } from '../../db/repositories/admin-choices.repository.js';

/** How each field of the task form becomes the contract's JSON (contract/admin/tasks.schema.ts). */
export const TASK_FORM: Record<string, FieldKind> = {
  title: 'text',
  description: 'text',
  ...SPANISH_FORM,
  category_id: 'int',
  starts_on: 'dayOrNull',
  ends_on: 'dayOrNull',
  has_deadline: 'bool',
  is_important: 'bool',
  important_reason: 'text',
  new_student_checklist: 'bool',
  checklist_rank: 'intOrNull',
  action_date: 'dayOrNull',
  periodicity: 'text',
  sort_by: 'text',
  modality: 'text',
  published: 'bool',
  publishes_on: 'campusTimeOrNull',
  student_type_ids: 'intList',
  reminder_offsets: 'intCommaList',
};
export const TASK_UPDATE_FORM: Record<string, FieldKind> = { ...TASK_FORM, version: 'int' };

const flag = (on: boolean) => (on ? 'on' : '');

/** A stored task as its form shows it. */
export function taskValues(task: AdminTask, timeZone: string): FormValues {
  return {
    title: task.title,
    description: task.description,
    title_es: task.title_es ?? '',
    body_es: task.body_es ?? '',
    category_id: String(task.category_id),
    starts_on: task.starts_on ?? '',
    ends_on: task.ends_on ?? '',
    has_deadline: flag(task.has_deadline),
    is_important: flag(task.is_important),
    important_reason: task.important_reason,
    new_student_checklist: flag(task.new_student_checklist),
    checklist_rank: task.checklist_rank === null ? '' : String(task.checklist_rank),
    action_date: task.action_date ?? '',
    periodicity: task.periodicity,
    sort_by: task.sort_by,
    modality: task.modality,
    published: flag(task.published),
    publishes_on: task.publishes_on ? toCampusInput(task.publishes_on, timeZone) : '',
    student_type_ids: task.student_type_ids.map(String),
    reminder_offsets: task.reminder_offsets.join(', '),
    version: String(task.version),
  };
}

export const NEW_TASK_VALUES: FormValues = {
  periodicity: 'once',
  sort_by: 'START',
  modality: 'ONLINE',
  published: '',
};

export interface TaskFormContext {
  categories: Choice[];
  studentTypes: Choice[];
  csrf: string;
  timeZone: string;
  /** The campus's reminder days, used when the task gives none. */
  defaultOffsets: readonly number[];
}

/** The task form: new (`task` undefined) or an edit of `task`, carrying the version it was read at. */
export function TaskForm(props: {
  ctx: TaskFormContext;
  state: FormState;
  task?: AdminTask | undefined;
  /** Shown above the form, e.g. why it was not saved. */
  problem?: ReactNode;
}) {
  const { ctx, state, task } = props;
  return (
    <ItemForm
      list="/admin/tasks"
      item={task}
      state={state}
      csrf={ctx.csrf}
      problem={props.problem}
      create="Create task"
      save="Save changes"
      deletable
    >
      <Input state={state} name="title" label="Title" required />
      <Textarea
        state={state}
        name="description"
        label="Description"
        hint="What the student does, in a sentence or two."
      />
      <SpanishFields state={state} bodyLabel="Description in Spanish" />
      <Select
        state={state}
        name="category_id"
        label="Category"
        options={[
          ['', 'Choose a category'],
          ...ctx.categories.map((c) => [String(c.id), c.name] as const),
        ]}
      />
      <CheckboxGroup
        state={state}
        name="student_type_ids"
        label="Students it is for"
        options={ctx.studentTypes.map((t) => [String(t.id), t.name] as const)}
      />
      <div className="grid">
        <Input state={state} name="starts_on" label="Starts on" type="date" />
        <Input
          state={state}
          name="ends_on"
          label="Ends on"
          type="date"
          hint={`Until the end of this day, campus time (${ctx.timeZone}).`}
        />
        <Input
          state={state}
          name="action_date"
          label="Action date"
          type="date"
          hint="The day the student should act."
        />
        <Input
          state={state}
          name="periodicity"
          label="How often"
          hint='"once", "every fall term"…'
        />
        <Select
          state={state}
          name="sort_by"
          label="Sort by"
          options={[
            ['START', 'Start date'],
            ['END', 'End date'],
          ]}
        />
        <Select
          state={state}
          name="modality"
          label="Modality"
          options={[
            ['ONLINE', 'Online'],
            ['IN_PERSON', 'In person'],
            ['HYBRID', 'Hybrid'],
          ]}
        />
      </div>
      <Checkbox state={state} name="has_deadline" label="The end date is a deadline" />
      <Input
        state={state}
        name="reminder_offsets"
        label="Remind students N days before"
        hint={`Days before the deadline, separated by commas, for example "7, 3, 1": at most ${MAX_REMINDERS}, each 0 (the day itself) to ${MAX_REMINDER_DAYS}. Empty: the campus default (${ctx.defaultOffsets.join(', ')}). Only tasks whose end date is a deadline send reminders.`}
      />
      <Checkbox state={state} name="is_important" label="Important" />
      <Input
        state={state}
        name="important_reason"
        label="Why it is important"
        hint="Shown to students when the task is important."
      />
      <Checkbox state={state} name="new_student_checklist" label="On the new-student checklist" />
      <Input
        state={state}
        name="checklist_rank"
        label="Place in the new-student checklist"
        type="number"
        min={1}
        max={999}
      />
      <fieldset className="field">
        <legend>Publishing</legend>
        <Checkbox state={state} name="published" label="Published" />
        <Input
          state={state}
          name="publishes_on"
          label="Visible to students from"
          type="datetime-local"
          hint={`Campus time (${ctx.timeZone}). Empty: as soon as it is published.`}
        />
      </fieldset>
    </ItemForm>
  );
}

function TaskState({ task, now, timeZone }: { task: AdminTask; now: Date; timeZone: string }) {
  if (!task.published) return <span className="tag draft">Draft</span>;
  if (task.publishes_on && new Date(task.publishes_on) > now)
    return <span className="tag">Scheduled: {formatCampus(task.publishes_on, timeZone)}</span>;
  return <span className="tag live">Published</span>;
}

/** The task list with its search. */
export function TaskList(props: {
  tasks: AdminTask[];
  query: AdminTaskQuery;
  ctx: Omit<TaskFormContext, 'csrf'>;
  now: Date;
}) {
  const { tasks, query, ctx, now } = props;
  const names = new Map(ctx.categories.map((c) => [c.id, c.name]));
  const types = new Map(ctx.studentTypes.map((t) => [t.id, t.name]));
  const state = {
    values: {
      q: query.q ?? '',
      category: query.category ? String(query.category) : '',
      state: query.state ?? '',
    },
    errors: {},
  };
  return (
    <>
      <div className="actions">
        <a className="button" href="/admin/tasks/new">
          New task
        </a>
      </div>
      <SearchForm list="/admin/tasks" label="Search tasks">
        <Input state={state} name="q" label="Search" type="search" />
        <Select
          state={state}
          name="category"
          label="Category"
          options={[
            ['', 'Any category'],
            ...ctx.categories.map((c) => [String(c.id), c.name] as const),
          ]}
        />
        <Select
          state={state}
          name="state"
          label="State"
          options={[
            ['', 'Any state'],
            ['published', 'Published'],
            ['scheduled', 'Scheduled'],
            ['draft', 'Draft'],
          ]}
        />
      </SearchForm>
      {tasks.length === 0 ? (
        <p>No task matches.</p>
      ) : (
        <DataTable
          label="Tasks"
          caption={`${tasks.length} task${tasks.length === 1 ? '' : 's'}`}
          headers={['Title', 'Category', 'For', 'Ends', 'State']}
          rows={tasks.map((t) => ({
            key: t.id,
            cells: [
              <a href={`/admin/tasks/${t.id}`}>{t.title}</a>,
              names.get(t.category_id) ?? '—',
              t.student_type_ids.map((id) => types.get(id) ?? id).join(', '),
              t.ends_on ?? '—',
              <TaskState task={t} now={now} timeZone={ctx.timeZone} />,
            ],
          }))}
        />
      )}
    </>
  );
}

/** Asks before deleting: the form posts the version that was shown. */
export function deleteConfirm(task: AdminTask, csrf: string) {
  return (
    <DeleteConfirm list="/admin/tasks" item={task} csrf={csrf} button="Delete the task">
      Delete the task <strong>{task.title}</strong>? Students lose it from their list, with what
      they marked on it. This cannot be undone.
    </DeleteConfirm>
  );
}
