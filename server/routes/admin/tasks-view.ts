import type { AdminTask, AdminTaskQuery } from '../../../contract/admin/tasks.schema.js';
import { formatCampus, toCampusInput } from '../../admin/campus-time.js';
import type { FormState } from '../../admin/fields.js';
import {
  checkbox,
  checkboxGroup,
  csrfField,
  dataTable,
  errorSummary,
  input,
  select,
  textarea,
} from '../../admin/fields.js';
import type { FieldKind, FormValues } from '../../admin/forms.js';
import type { Choice } from '../../db/repositories/admin-choices.repository.js';
import { escapeHtml } from '../../html/page.js';

/** How each field of the task form becomes the contract's JSON (contract/admin/tasks.schema.ts). */
export const TASK_FORM: Record<string, FieldKind> = {
  title: 'text',
  description: 'text',
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
};
export const TASK_UPDATE_FORM: Record<string, FieldKind> = { ...TASK_FORM, version: 'int' };

const flag = (on: boolean) => (on ? 'on' : '');

/** A stored task as its form shows it. */
export function taskValues(task: AdminTask, timeZone: string): FormValues {
  return {
    title: task.title,
    description: task.description,
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
}

/** The task form: new (`task` undefined) or an edit of `task`, carrying the version it was read at. */
export function taskForm(ctx: TaskFormContext, state: FormState, task?: AdminTask) {
  const action = task ? `/admin/tasks/${task.id}` : '/admin/tasks';
  const version = task
    ? `<input type="hidden" name="version" value="${escapeHtml(String(state.values.version ?? task.version))}">`
    : '';
  return `${errorSummary(state.errors)}
<form method="post" action="${action}" novalidate>
  ${csrfField(ctx.csrf)}${version}
  ${input(state, { name: 'title', label: 'Title', required: true })}
  ${textarea(state, { name: 'description', label: 'Description', hint: 'What the student does, in a sentence or two.' })}
  ${select(state, { name: 'category_id', label: 'Category', options: [['', 'Choose a category'], ...ctx.categories.map((c) => [String(c.id), c.name] as const)] })}
  ${checkboxGroup(state, { name: 'student_type_ids', label: 'Students it is for', options: ctx.studentTypes.map((t) => [String(t.id), t.name] as const) })}
  <div class="grid">
    ${input(state, { name: 'starts_on', label: 'Starts on', type: 'date' })}
    ${input(state, { name: 'ends_on', label: 'Ends on', type: 'date' })}
    ${input(state, { name: 'action_date', label: 'Action date', type: 'date', hint: 'The day the student should act.' })}
    ${input(state, { name: 'periodicity', label: 'How often', hint: '"once", "every fall term"…' })}
    ${select(state, {
      name: 'sort_by',
      label: 'Sort by',
      options: [
        ['START', 'Start date'],
        ['END', 'End date'],
      ],
    })}
    ${select(state, {
      name: 'modality',
      label: 'Modality',
      options: [
        ['ONLINE', 'Online'],
        ['IN_PERSON', 'In person'],
        ['HYBRID', 'Hybrid'],
      ],
    })}
  </div>
  ${checkbox(state, { name: 'has_deadline', label: 'The end date is a deadline' })}
  ${checkbox(state, { name: 'is_important', label: 'Important' })}
  ${input(state, { name: 'important_reason', label: 'Why it is important', hint: 'Shown to students when the task is important.' })}
  ${checkbox(state, { name: 'new_student_checklist', label: 'On the new-student checklist' })}
  ${input(state, { name: 'checklist_rank', label: 'Place in the new-student checklist', type: 'number', extra: 'min="1" max="999"' })}
  <fieldset class="field"><legend>Publishing</legend>
  ${checkbox(state, { name: 'published', label: 'Published' })}
  ${input(state, { name: 'publishes_on', label: 'Visible to students from', type: 'datetime-local', hint: `Campus time (${ctx.timeZone}). Empty: as soon as it is published.` })}
  </fieldset>
  <div class="actions"><button type="submit">${task ? 'Save changes' : 'Create task'}</button> <a href="/admin/tasks">Cancel</a>${task ? ` <a href="/admin/tasks/${task.id}/delete">Delete…</a>` : ''}</div>
</form>`;
}

function stateOf(task: AdminTask, now: Date, timeZone: string) {
  if (!task.published) return '<span class="tag draft">Draft</span>';
  if (task.publishes_on && new Date(task.publishes_on) > now)
    return `<span class="tag">Scheduled: ${escapeHtml(formatCampus(task.publishes_on, timeZone))}</span>`;
  return '<span class="tag live">Published</span>';
}

/** The task list with its search. */
export function taskList(
  tasks: AdminTask[],
  query: AdminTaskQuery,
  ctx: Omit<TaskFormContext, 'csrf'>,
  now: Date,
) {
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
  const rows = tasks.map((t) => [
    `<a href="/admin/tasks/${t.id}">${escapeHtml(t.title)}</a>`,
    escapeHtml(names.get(t.category_id) ?? '—'),
    escapeHtml(t.student_type_ids.map((id) => types.get(id) ?? id).join(', ')),
    escapeHtml(t.ends_on ?? '—'),
    stateOf(t, now, ctx.timeZone),
  ]);
  return `<div class="actions"><a class="button" href="/admin/tasks/new">New task</a></div>
<form class="filters" method="get" action="/admin/tasks" role="search" aria-label="Search tasks">
  ${input(state, { name: 'q', label: 'Search', type: 'search' })}
  ${select(state, { name: 'category', label: 'Category', options: [['', 'Any category'], ...ctx.categories.map((c) => [String(c.id), c.name] as const)] })}
  ${select(state, {
    name: 'state',
    label: 'State',
    options: [
      ['', 'Any state'],
      ['published', 'Published'],
      ['scheduled', 'Scheduled'],
      ['draft', 'Draft'],
    ],
  })}
  <div class="actions"><button type="submit">Search</button></div>
</form>
${
  tasks.length === 0
    ? '<p>No task matches.</p>'
    : dataTable({
        label: 'Tasks',
        caption: `${tasks.length} task${tasks.length === 1 ? '' : 's'}`,
        headers: ['Title', 'Category', 'For', 'Ends', 'State'],
        rows,
      })
}`;
}

/** Asks before deleting: the form posts the version that was shown. */
export function deleteConfirm(task: AdminTask, csrf: string) {
  return `<p>Delete the task <strong>${escapeHtml(task.title)}</strong>? Students lose it from their list, with what they marked on it. This cannot be undone.</p>
<form method="post" action="/admin/tasks/${task.id}/delete">
  ${csrfField(csrf)}<input type="hidden" name="version" value="${task.version}">
  <div class="actions"><button type="submit" class="danger">Delete the task</button> <a href="/admin/tasks/${task.id}">Keep it</a></div>
</form>`;
}
