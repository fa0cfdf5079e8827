import { Trans, useLingui } from '@lingui/react/macro';
import { RECORDS_LANG } from '../record-text.js';
import type { CourseworkItem } from '../../../contract/coursework.schema.js';
import { isCourseworkEvent, siteName } from '../../lib/coursework.js';
import { formatCampusDate, formatCampusDateTime } from '../../lib/time.js';

export interface CourseworkListProps {
  items: CourseworkItem[];
  /** The campus's time zone: the due times are on its clock. */
  timeZone: string;
}

/**
 * Coursework items (issue 45) from the student's LMS calendar, each laid out as the checklist's tasks
 * above them (issue 57): the title (the link back to the course site) on the left, the due time in
 * the date column on the right, and under the title where it comes from (course · site). An item
 * marked done in Next Steps says so; one from a feed that is not current says its date may have
 * changed.
 */
export function CourseworkList({ items, timeZone }: CourseworkListProps) {
  const { t } = useLingui();
  /** "Due …" on the campus clock, the date alone for an all-day item; an event without "Due". */
  const due = (item: CourseworkItem) => {
    const when = (item.all_day ? formatCampusDate : formatCampusDateTime)(item.due, timeZone);
    return isCourseworkEvent(item) ? when : t`Due ${when}`;
  };
  return (
    <div className="coursework-list">
      <h3 id="coursework-list-heading">
        <Trans>Coursework</Trans>
      </h3>
      <ul className="my-next-steps__list" aria-labelledby="coursework-list-heading">
        {items.map((item) => {
          const site = siteName(item.source);
          return (
            <li key={item.id}>
              <span className="my-next-steps__what">
                {item.link ? (
                  <a href={item.link} target="_blank" rel="noopener noreferrer">
                    <span lang={RECORDS_LANG}>{item.title}</span>
                    <span className="visually-hidden">
                      {' '}
                      <Trans>(opens {site} in a new tab)</Trans>
                    </span>
                  </a>
                ) : (
                  <span className="coursework-list__title" lang={RECORDS_LANG}>
                    {item.title}
                  </span>
                )}
                <span className="my-next-steps__source muted">
                  {item.course && <span lang={RECORDS_LANG}>{item.course}</span>}
                  {item.course && ' · '}
                  {site}
                  {item.done && ` · ${t`Done`}`}
                  {!item.current && ` ${t`(may have changed)`}`}
                </span>
              </span>
              <span className="my-next-steps__when muted">{due(item)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
