import type { ReactNode } from 'react';
import type { MyNextStepsTask } from '../../../contract/next-steps/mynextsteps.schema.js';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';

export const NEXT_STEPS_URL = '/next-steps/';

export interface MyNextStepsProps {
  state: 'loading' | 'error' | 'loaded';
  /** The first 3 upcoming tasks. */
  tasks: MyNextStepsTask[];
  dueLabel: (task: MyNextStepsTask) => string | null;
  /**
   * The student's next coursework items (issue 45), beside the checklist (src/ui/portal/
   * coursework-list.tsx, loaded once there are some); none: nothing shown.
   */
  coursework?: ReactNode;
}

/** portal.md §2 My Next Steps: "Upcoming Tasks", the first 3 tasks and a link to Next Steps. */
export function MyNextSteps({ state, tasks, dueLabel, coursework }: MyNextStepsProps) {
  return (
    <section className="block my-next-steps" aria-labelledby="my-next-steps-heading">
      <h2 id="my-next-steps-heading">Upcoming Tasks</h2>
      {state === 'loading' && <Loading />}
      {state === 'error' && <ReadFailedText />}
      {state === 'loaded' && tasks.length === 0 && (
        <>
          <p>
            Next Steps lists what to do as a student, with its dates, so nothing slips by.
            {/* Never "no upcoming tasks" above the coursework items listed below it (issue 62). */}
            {coursework ? null : ' You have no upcoming tasks right now.'}
          </p>
          <a href={NEXT_STEPS_URL}>Find out more</a>
        </>
      )}
      {state === 'loaded' && tasks.length > 0 && (
        <>
          <ul className="my-next-steps__list">
            {tasks.map((t) => {
              const due = dueLabel(t);
              return (
                <li key={t.id}>
                  <a href={`${NEXT_STEPS_URL}task/${t.task_id}`}>{t.title}</a>
                  {t.overdue ? (
                    <span className="my-next-steps__when my-next-steps__overdue"> OVERDUE</span>
                  ) : (
                    due && <span className="my-next-steps__when muted"> {due}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <a href={NEXT_STEPS_URL}>See all in Next Steps</a>
        </>
      )}
      {coursework}
    </section>
  );
}
