import { defaultCampus } from '../../contract/campus.schema.js';
import type { NextStepsProfileRepository } from '../db/repositories/next-steps-profile.repository.js';
import type { NextStepsTasksRepository } from '../db/repositories/next-steps-tasks.repository.js';
import { dateOnlyEnd } from '../db/date-only-end.js';
import {
  sampleCategories,
  sampleMessage,
  sampleNotificationTypes,
  sampleStudentTypes,
  sampleTasks,
} from './sample-data.js';

const DAY_MS = 86_400_000;

/** A day `days` from `now`, at 23:59 UTC so a task's last day stays its own until the day ends. */
export function dayFrom(now: Date, days: number | null): string | null {
  if (days === null) return null;
  const d = new Date(now.getTime() + days * DAY_MS);
  d.setUTCHours(23, 59, 0, 0);
  return d.toISOString();
}

/**
 * Fills empty Next Steps tables with the sample data; does nothing when any task exists, so a
 * restart or a second server never seeds twice.
 */
export async function seedNextSteps(
  profile: NextStepsProfileRepository,
  tasks: NextStepsTasksRepository,
  now: Date,
  /** The campus zone: a sample end is a date-only deadline, the end of its campus day. */
  zone: string = defaultCampus.timeZone,
): Promise<boolean> {
  if ((await tasks.countTasks()) > 0) return false;
  await profile.addChoices({
    categories: sampleCategories,
    studentTypes: sampleStudentTypes,
    notificationTypes: sampleNotificationTypes,
  });
  if (!(await profile.hasMessages())) await profile.addMessage(sampleMessage, now);
  const categories = new Map((await profile.categories()).map((c) => [c.slug, c.id]));
  const studentTypes = new Map((await profile.studentTypes()).map((t) => [t.name, t.id]));
  for (const t of sampleTasks) {
    const categoryId = categories.get(t.category);
    if (categoryId === undefined) throw new Error(`Unknown sample category ${t.category}`);
    const starts = dayFrom(now, t.starts);
    await tasks.insertTask(
      {
        title: t.title,
        description: t.description,
        category_id: categoryId,
        starts_on: starts,
        ...dateOnlyEnd(dayFrom(now, t.ends)?.slice(0, 10) ?? null, zone),
        has_deadline: Number(t.deadline ?? false),
        is_important: Number(t.important !== undefined),
        important_reason: t.important ?? '',
        new_student_checklist: Number(t.checklistRank !== undefined),
        checklist_rank: t.checklistRank ?? null,
        action_date: starts,
        periodicity: t.periodicity ?? 'once',
        sort_by: t.sortBy ?? 'START',
        modality: t.modality ?? 'ONLINE',
        published: Number(t.published ?? true),
      },
      t.for.map((name) => {
        const id = studentTypes.get(name);
        if (id === undefined) throw new Error(`Unknown sample student type ${name}`);
        return id;
      }),
    );
  }
  return true;
}
