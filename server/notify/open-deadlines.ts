import type { DeadlineWindow } from '../db/repositories/deadline-tasks.repository.js';
import type { Repositories } from '../db/repositories.js';

/** A row of the open deadlines (DeadlineTasksRepository.open). */
export type OpenDeadline = Awaited<ReturnType<Repositories['deadlineTasks']['open']>>[number];

/** Rows a page: short statements, and short turns of the event loop between them. */
const PAGE = 250;

/** A turn of the event loop: on SQLite every query runs synchronously, so without it a pass is one block. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every row `open(window)` answers, handed to `each` a page at a time (a task's records, tasks
 * earliest deadline first, the same rows in the same task order), with a turn of the event loop
 * after each page: a planner pass over a campus's records (issue 48: about 90,000 rows in the
 * reminders' window at 30,000 students) neither reads the whole table in one statement nor holds
 * the requests arriving meanwhile.
 */
export async function forEachOpenPage(
  repos: Pick<Repositories, 'deadlineTasks'>,
  window: DeadlineWindow,
  each: (rows: OpenDeadline[]) => Promise<void> | void,
  pageSize = PAGE,
): Promise<void> {
  for (const taskId of await repos.deadlineTasks.openTaskIds(window)) {
    let afterUserTaskId = 0;
    for (;;) {
      const rows = await repos.deadlineTasks.openPage(window, {
        taskId,
        afterUserTaskId,
        limit: pageSize,
      });
      if (rows.length > 0) await each(rows);
      await yieldToLoop();
      if (rows.length < pageSize) break;
      afterUserTaskId = rows[rows.length - 1]!.userTaskId;
    }
  }
}
