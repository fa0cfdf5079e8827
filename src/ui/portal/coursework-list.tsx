import type { CourseworkItem } from '../../../contract/coursework.schema.js';
import { courseworkDue, openInLabel } from '../../lib/coursework.js';

export interface CourseworkListProps {
  items: CourseworkItem[];
  /** The campus's time zone: the due times are on its clock. */
  timeZone: string;
}

/**
 * Coursework items (issue 45) from the student's LMS calendar: title, course, due time and the link
 * back. An item marked done in Next Steps says so; one from a feed that is not current says its
 * date may have changed.
 */
export function CourseworkList({ items, timeZone }: CourseworkListProps) {
  return (
    <div className="coursework-list">
      <h3 id="coursework-list-heading">Coursework</h3>
      <ul className="my-next-steps__list" aria-labelledby="coursework-list-heading">
        {items.map((item) => (
          <li key={item.id}>
            <span className="coursework-list__title">{item.title}</span>
            {item.course && <span className="muted"> · {item.course}</span>}
            <span className="muted"> {courseworkDue(item, timeZone)}</span>
            {item.done && <span className="muted"> · Done</span>}
            {!item.current && <span className="muted"> (may have changed)</span>}
            {item.link && (
              <>
                {' '}
                <a href={item.link} target="_blank" rel="noopener noreferrer">
                  {openInLabel(item.source)}
                  <span className="visually-hidden">: {item.title} (opens in a new tab)</span>
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
