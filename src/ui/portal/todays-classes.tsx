import { Link } from '@tanstack/react-router';
import type { Meeting } from '../../../contract/sis/courses.schema.js';
import { meetingPlace, meetingTime } from './academics/meeting.js';
import { Loading } from '../loading.js';
import { ReadFailedText } from '../read-failed.js';
import './todays-classes.css';

export interface TodaysClassesProps {
  state: 'loading' | 'loaded' | 'empty' | 'error';
  /** Today's meetings in start-time order. */
  classes: Meeting[];
  /** Today's campus holiday, if it is one: no classes meet. */
  holiday?: string | undefined;
  onRetry: () => void;
}

/** portal.md §2 Today's Classes (students): today's meetings and a link to the full schedule. */
export function TodaysClasses({ state, classes, holiday, onRetry }: TodaysClassesProps) {
  return (
    <section className="block todays-classes" aria-labelledby="todays-classes-heading">
      <h2 id="todays-classes-heading">Today&apos;s Classes</h2>
      {state === 'loading' && <Loading label="Loading today's classes…" />}
      {state === 'error' && (
        <div className="todays-classes__error">
          <ReadFailedText />
          <button type="button" className="button button--quiet" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state === 'empty' && (
        <p className="muted">{holiday ? `No classes today: ${holiday}` : 'No classes today'}</p>
      )}
      {state === 'loaded' && (
        <ul className="todays-classes__list">
          {classes.map((m) => (
            <li key={m.COURSEREGISTRATIONNUMBER} className="todays-classes__item">
              <span className="todays-classes__time">{meetingTime(m)}</span>
              <span>
                <strong>
                  {m.SUBJECTCODE} {m.COURSENUMBER}
                </strong>{' '}
                {m.COURSETITLE}
              </span>
              <span className="muted">{meetingPlace(m)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/academics" hash="schedule">
        View full schedule
      </Link>
    </section>
  );
}
