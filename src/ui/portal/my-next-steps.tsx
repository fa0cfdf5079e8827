import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MyNextStepsTask } from '../../../contract/next-steps/mynextsteps.schema.js';
import { RECORDS_LANG } from '../record-text.js';
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
  const { t } = useLingui();
  return (
    <section className="block my-next-steps" aria-labelledby="my-next-steps-heading">
      <h2 id="my-next-steps-heading">
        <Trans>Upcoming Tasks</Trans>
      </h2>
      {state === 'loading' && <Loading />}
      {state === 'error' && <ReadFailedText />}
      {state === 'loaded' && tasks.length === 0 && (
        <>
          <p>
            <Trans>
              Next Steps lists what to do as a student, with its dates, so nothing slips by.
            </Trans>
            {/* Never "no upcoming tasks" above the coursework items listed below it (issue 62). */}
            {coursework ? null : <> {t`You have no upcoming tasks right now.`}</>}
          </p>
          <a href={NEXT_STEPS_URL}>
            <Trans>Find out more</Trans>
          </a>
        </>
      )}
      {state === 'loaded' && tasks.length > 0 && (
        <>
          <ul className="my-next-steps__list">
            {tasks.map((task) => {
              const due = dueLabel(task);
              return (
                <li key={task.id}>
                  {/* The task as staff wrote it: this answer carries the stored English. */}
                  <a href={`${NEXT_STEPS_URL}task/${task.task_id}`} lang={RECORDS_LANG}>
                    {task.title}
                  </a>
                  {task.overdue ? (
                    <span className="my-next-steps__when my-next-steps__overdue">
                      {' '}
                      {t`OVERDUE`}
                    </span>
                  ) : (
                    due && <span className="my-next-steps__when muted"> {due}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <a href={NEXT_STEPS_URL}>
            <Trans>See all in Next Steps</Trans>
          </a>
        </>
      )}
      {coursework}
    </section>
  );
}
