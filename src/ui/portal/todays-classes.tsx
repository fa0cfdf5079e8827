import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { RecordText } from '../record-text.js';
import { Link } from '@tanstack/react-router';
import type { Meeting } from '../../../contract/sis/schedule.schema.js';
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
  /** Issue 92: today's appointments, drawn below the classes (nothing on a day without any). */
  appointments?: ReactNode;
  /** The appointments' read failed: a line says so, the classes stay. */
  appointmentsFailed?: boolean;
}

/**
 * A class's building with Map and Directions (issue 89) loads only where a class today meets in a
 * listed building: a day without one (a weekend, online classes) carries none of it.
 */
const ListedPlace = lazy(async () => ({
  default: (await import('./academics/place-links.js')).ListedPlace,
}));

/** portal.md §2 Today's Classes (students): today's meetings and a link to the full schedule. */
export function TodaysClasses({
  state,
  classes,
  holiday,
  onRetry,
  appointments,
  appointmentsFailed,
}: TodaysClassesProps) {
  const { t } = useLingui();
  return (
    <section className="block todays-classes" aria-labelledby="todays-classes-heading">
      <h2 id="todays-classes-heading">
        <Trans>Today&apos;s Classes</Trans>
      </h2>
      {state === 'loading' && <Loading label={t`Loading today's classes…`} />}
      {state === 'error' && (
        <div className="todays-classes__error">
          <ReadFailedText />
          <button type="button" className="button button--quiet" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {state === 'empty' && (
        <p className="muted">
          {holiday ? (
            <Trans>
              No classes today: <RecordText>{holiday}</RecordText>
            </Trans>
          ) : (
            t`No classes today`
          )}
        </p>
      )}
      {state === 'loaded' && (
        <ul className="todays-classes__list">
          {classes.map((m) => (
            <li key={m.COURSEREGISTRATIONNUMBER} className="todays-classes__item">
              <span className="todays-classes__time">{meetingTime(m, t`No set meeting time`)}</span>
              <span>
                <strong>
                  {m.SUBJECTCODE} {m.COURSENUMBER}
                </strong>{' '}
                <RecordText>{m.COURSETITLE}</RecordText>
              </span>
              {m.PLACE ? (
                <span className="todays-classes__place muted">
                  <Suspense fallback={<RecordText>{meetingPlace(m, '')}</RecordText>}>
                    <ListedPlace meeting={m} place={m.PLACE} />
                  </Suspense>
                </span>
              ) : (
                <span className="muted">
                  {meetingPlace(m, '') ? (
                    <RecordText>{meetingPlace(m, '')}</RecordText>
                  ) : (
                    t`Location to be announced`
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {appointments}
      {appointmentsFailed && <p className="muted">{t`Appointments could not be loaded`}</p>}
      <Link to="/academics" hash="schedule">
        <Trans>View full schedule</Trans>
      </Link>
    </section>
  );
}
