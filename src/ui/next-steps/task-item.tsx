import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { UserTask } from '../../../contract/next-steps/task.schema.js';
import type { TaskSearch } from '../../lib/task-filter.js';
import { CompletedIn, WaitingToSend } from './task-detail.js';
import { borderOf, dateDisplay } from '../../lib/task-list-rules.js';
import { isDismissed, isDone } from '../../lib/task-rules.js';
import { useReadOnlyCapacity } from '../view-as-context.js';
import { useReadOnlyWords } from '../read-only-reason.js';
import { RECORDS_LANG } from './records-lang.js';

export interface TaskItemProps {
  userTask: UserTask;
  isNewStudent: boolean;
  funCategoryId: number | null;
  selected: boolean;
  /** A change made offline waits to be sent (issue 44). */
  waiting: boolean;
  search: TaskSearch;
  /** Bookmarks the task, or removes its bookmark. */
  onBookmark: (userTaskId: number) => void;
}

/** next-steps.md §2 List item: a link keeping the query, its date display, border and bookmark. */
export const TaskItem = memo(function TaskItem(props: TaskItemProps) {
  const { userTask: t, selected } = props;
  const { t: translate } = useLingui();
  const capacity = useReadOnlyCapacity();
  const readOnly = capacity !== null;
  const readOnlyText = useReadOnlyWords();
  const done = isDone(t);
  const display = dateDisplay(t, props.isNewStudent);
  const border = borderOf(t, props.funCategoryId);
  const classes = [
    'task-item',
    `task-item--border-${border}`,
    done || isDismissed(t) ? 'task-item--greyed' : '',
    selected ? 'task-item--selected' : '',
  ];
  return (
    <li className={classes.join(' ')}>
      <Link
        to="/task/{-$task_id}"
        params={{ task_id: String(t.task.id) }}
        search={props.search}
        className="task-item__link"
        aria-current={selected ? 'true' : undefined}
      >
        {/* The staff's own task without `lang` is as they wrote it: English (issue 76). */}
        <span className="task-item__title" lang={t.task.lang ?? RECORDS_LANG}>
          {t.task.title}
        </span>
        {display.kind !== 'none' && (
          <span className={`task-item__date task-item__date--${display.kind}`}>{display.text}</span>
        )}
        {/* The bar's meaning in words too (WCAG 1.4.1): a checklist badge still says it is overdue,
            so the overdue announcement's count matches what the list says (issue 43). */}
        {t.overdue && !done && display.kind !== 'overdue' && (
          <span className="task-item__date task-item__date--overdue">
            <Trans>OVERDUE</Trans>
          </span>
        )}
        {props.waiting && (
          <span className="task-item__waiting">
            <WaitingToSend />
          </span>
        )}
        {done && t.completed_in && (
          <span className="task-item__date">
            <CompletedIn t={t} />
          </span>
        )}
        {border === 'important' && (
          <span className="task-item__date task-item__date--important">
            <Trans>Important</Trans>
          </span>
        )}
      </Link>
      {done ? (
        <span
          className="task-item__check"
          role="img"
          aria-label={translate({ message: 'Done', context: 'task' })}
        >
          ✓
        </span>
      ) : (
        <button
          type="button"
          className="task-item__bookmark"
          aria-pressed={t.starred}
          aria-label={translate`Bookmark ${t.task.title}`}
          // Issue 73, 88: support viewing as the student, or a delegate, changes nothing (the task page
          // says why).
          aria-disabled={readOnly || undefined}
          title={capacity ? readOnlyText(capacity) : undefined}
          onClick={() => {
            if (!readOnly) props.onBookmark(t.id);
          }}
        >
          <span aria-hidden="true">{t.starred ? '★' : '☆'}</span>
        </button>
      )}
    </li>
  );
});
