import type { AdminTaskInput } from '../../../../contract/admin/tasks.schema.js';

/** A valid task body with any field changed. */
export const draftTask = (over: Partial<AdminTaskInput> = {}): AdminTaskInput => ({
  title: 'Pick up your parking permit',
  description: 'At the transportation office.',
  title_es: null,
  body_es: null,
  category_id: 1,
  starts_on: '2026-11-20',
  ends_on: '2026-12-20',
  has_deadline: true,
  is_important: false,
  important_reason: '',
  new_student_checklist: false,
  checklist_rank: null,
  action_date: null,
  periodicity: 'once',
  sort_by: 'START',
  modality: 'IN_PERSON',
  published: true,
  publishes_on: null,
  student_type_ids: [1],
  reminder_offsets: [],
  ...over,
});
