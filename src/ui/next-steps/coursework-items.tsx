import { Trans, useLingui } from '@lingui/react/macro';
import type {
  CourseworkItem,
  CourseworkKind,
  CourseworkSource,
} from '../../../contract/coursework.schema.js';
import {
  brokenMessage,
  isCourseworkEvent,
  openInLabel,
  submissionLabel,
} from '../../lib/coursework.js';
import { RECORDS_LANG } from './records-lang.js';

/** Account's Coursework calendar section, where a new feed address is pasted. */
export const COURSEWORK_SETTINGS_URL = '/account#coursework';

export interface CourseworkItemsProps {
  /** The items of the active filter, soonest first. */
  items: CourseworkItem[];
  /** The LMS whose link stopped working, when it did; null while the feed works. */
  brokenSource: CourseworkSource | null;
  /** How the coursework comes (a calendar link, or a Canvas connection), for the broken notice. */
  brokenKind?: CourseworkKind | undefined;
  /** "Due …" on the campus clock. */
  dueLabel: (item: CourseworkItem) => string;
  isOverdue: (item: CourseworkItem) => boolean;
  /** Shown when the filter holds no item; null: nothing is shown then. */
  emptyText: string | null;
  /** The item whose Mark done (or undo) is on its way. */
  savingId: string | null;
  /** The item whose last change could not be saved. */
  failedId: string | null;
  onSetDone: (id: string, done: boolean) => void;
}

/**
 * The Coursework category of the Next Steps list (issue 45): the student's LMS calendar items with
 * title, course, due time (or OVERDUE, next-steps.md §2), the link back to the LMS and Mark done,
 * which the portal keeps; a done item is greyed with its check and can be undone. A calendar event
 * (issue 62) shows its time and has no Mark done. When the feed's
 * link stopped working the student is sent to Account to paste the new one, and the items kept say
 * they may have changed.
 */
export function CourseworkItems(props: CourseworkItemsProps) {
  const { items, brokenSource } = props;
  if (items.length === 0 && brokenSource === null && props.emptyText === null) return null;
  return (
    <section className="coursework-items" aria-labelledby="coursework-items-heading">
      <h2 className="coursework-items__heading" id="coursework-items-heading">
        <Trans>Coursework</Trans>
      </h2>
      {brokenSource !== null && (
        <div className="notice notice--info" role="status">
          <p>
            {brokenMessage(brokenSource, props.brokenKind)}{' '}
            <a href={COURSEWORK_SETTINGS_URL}>
              <Trans>in Account’s Coursework calendar</Trans>
            </a>
          </p>
        </div>
      )}
      {items.length === 0 ? (
        props.emptyText !== null && <p className="task-list__empty">{props.emptyText}</p>
      ) : (
        <ul className="task-list" aria-labelledby="coursework-items-heading">
          {items.map((item) => (
            <Item key={item.id} item={item} {...props} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ item, ...props }: CourseworkItemsProps & { item: CourseworkItem }) {
  const { t } = useLingui();
  // The LMS's title inside a sentence of the page, marked English (issue 76). A value of the
  // message, so the message and its id stay those of the catalogue.
  const title = <span lang={RECORDS_LANG}>{item.title}</span>;
  const overdue = props.isOverdue(item);
  const submission = submissionLabel(item);
  const saving = props.savingId === item.id;
  const classes = [
    'task-item',
    'coursework-item',
    overdue ? 'task-item--border-overdue' : '',
    item.done ? 'task-item--greyed' : '',
  ];
  return (
    <li className={classes.join(' ').trim()}>
      <div className="coursework-item__body">
        {/* The LMS's words, as it wrote them: English (issue 76). */}
        <span className="task-item__title" lang={RECORDS_LANG}>
          {item.title}
        </span>
        {item.course && (
          <span className="task-item__date" lang={RECORDS_LANG}>
            {item.course}
          </span>
        )}
        {overdue ? (
          <span className="task-item__date task-item__date--overdue">
            <Trans>OVERDUE</Trans>
          </span>
        ) : (
          <span className="task-item__date">{props.dueLabel(item)}</span>
        )}
        {submission && (
          <span
            className={`task-item__date${item.submission === 'missing' ? ' task-item__date--overdue' : ''}`}
          >
            <Trans>Canvas: {submission}</Trans>
          </span>
        )}
        {!item.current && (
          <span className="task-item__date">
            <Trans>Not current: it may have changed in your LMS</Trans>
          </span>
        )}
        {item.link && (
          <a href={item.link} target="_blank" rel="noopener noreferrer">
            {openInLabel(item.source)}
            <span className="visually-hidden">
              <Trans>: {title} (opens in a new tab)</Trans>
            </span>
          </a>
        )}
        {props.failedId === item.id && (
          <span className="task-item__date task-item__date--overdue" role="alert">
            <Trans>Could not be saved. Try again.</Trans>
          </span>
        )}
      </div>
      {item.done && (
        <span
          className="task-item__check"
          role="img"
          aria-label={t({ message: 'Done', context: 'task' })}
        >
          ✓
        </span>
      )}
      {(!isCourseworkEvent(item) || item.done) && (
        <button
          type="button"
          className="button button--quiet coursework-item__done"
          disabled={props.savingId !== null}
          aria-busy={saving || undefined}
          onClick={() => props.onSetDone(item.id, !item.done)}
        >
          {item.done ? <Trans>Undo</Trans> : <Trans>Mark done</Trans>}
          <span className="visually-hidden">
            : <span lang={RECORDS_LANG}>{item.title}</span>
          </span>
        </button>
      )}
    </li>
  );
}

/** The Coursework category chosen by a student without a coursework calendar (issue 45). */
export function CourseworkNotConnected() {
  return (
    <p className="task-list__empty">
      <Trans>
        Your coursework shows here once you add your course calendar:{' '}
        <a href={COURSEWORK_SETTINGS_URL}>add it in Account’s Coursework calendar</a>.
      </Trans>
    </p>
  );
}

/** The coursework could not be read; the checklist is not affected. */
export function CourseworkProblem(props: { onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <Trans>We could not load your coursework just now.</Trans>
      </p>
      <button type="button" onClick={props.onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
