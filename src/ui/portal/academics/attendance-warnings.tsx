import { Trans, useLingui } from '@lingui/react/macro';
import { RecordText } from '../../record-text.js';
import type { AttendanceCourse } from '../../../../contract/attendance.schema.js';
import { ReadFailedText } from '../../read-failed.js';
import { ReadOnlyNote } from '../../read-only-note.js';
import { useReadOnly } from '../../view-as-context.js';

export interface AttendanceWarningsProps {
  state: 'loading' | 'loaded' | 'empty' | 'error';
  /** The courses that warn now (portal.md §5: all six conditions hold). */
  courses: AttendanceCourse[];
  termName: string;
  /** CRNs whose "mark as read" is on its way to the server. */
  saving: ReadonlySet<string>;
  /** CRNs whose "mark as read" failed. */
  failed: ReadonlySet<string>;
  /** The page shows what was kept for offline: nothing can be marked read until it is back. */
  offline: boolean;
  onMarkRead: (crn: string) => void;
  onRetry: () => void;
}

/**
 * portal.md §4/§5 initiation-of-attendance warnings, one per course, each of which can be marked
 * read. Nothing shows while they load or when no course warns: most students never see this.
 * Support viewing as the student marks nothing read (issue 87): each button is disabled and names
 * the note that says why.
 */
export function AttendanceWarnings(props: AttendanceWarningsProps) {
  const { state, courses, termName, saving, failed, offline, onMarkRead, onRetry } = props;
  const { t } = useLingui();
  const readOnly = useReadOnly();
  if (state === 'error') {
    return (
      <div className="acad-attendance acad-attendance--error">
        <ReadFailedText
          errorText={t`Error retrieving info: we could not check your class attendance records.`}
        />
        <button type="button" className="button button--quiet" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (state !== 'loaded' || courses.length === 0) return null;
  return (
    <section className="acad-attendance" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading" className="acad-attendance__title">
        <Trans>Confirm you are attending your {termName} classes</Trans>
      </h2>
      {offline && (
        <p className="acad-attendance__offline">
          <Trans>You’re offline: changes can be saved again once you’re back online.</Trans>
        </p>
      )}
      <ReadOnlyNote id="attendance-read-only" />
      <ul className="acad-attendance__list">
        {courses.map((c) => {
          const crn = c.COURSEREGISTRATIONNUMBER;
          const code = `${c.SUBJECT} ${c.COURSENUMBER}`;
          return (
            <li key={crn} className="acad-attendance__item">
              <p>
                <Trans>
                  <strong>
                    {code} <RecordText>{c.COURSETITLE}</RecordText> (CRN {crn})
                  </strong>
                  : our records do not show that you have started attending this course. You
                  accepted financial aid this term, and aid is paid only for classes you attend. Go
                  to class or take part in its online course site now; if you already have, ask your
                  instructor to record your attendance. If you no longer plan to take the course,
                  drop it so your aid can be adjusted.
                </Trans>
              </p>
              {failed.has(crn) && (
                <p className="acad-attendance__failed" role="alert">
                  <Trans>This could not be saved. Please try again.</Trans>
                </p>
              )}
              <button
                type="button"
                className="button"
                disabled={saving.has(crn) || offline || readOnly}
                aria-describedby={readOnly ? 'attendance-read-only' : undefined}
                onClick={() => onMarkRead(crn)}
              >
                {saving.has(crn) ? t`Saving…` : t`Mark as read: ${code}`}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
