import { Trans, useLingui } from '@lingui/react/macro';
import { RecordText } from '../../record-text.js';
import type { Course } from '../../../../contract/sis/courses.schema.js';
import type { MeetingPlace } from '../../../../contract/sis/schedule.schema.js';
import type { ScheduleDay } from '../../../lib/schedule.js';
import { useDisclosure } from '../../disclosure.js';
import { meetingPlace, meetingTime } from './meeting.js';
import { ListedPlace, PlaceSite } from './place-links.js';

type DayLabel = ScheduleDay['label'];

/** The days' short and full names in the reader's language: "MON Monday" ("LUN lunes"). */
function useDayNames(): Record<DayLabel, { short: string; name: string }> {
  const { t } = useLingui();
  return {
    MON: { short: t`MON`, name: t`Monday` },
    TUE: { short: t`TUE`, name: t`Tuesday` },
    WED: { short: t`WED`, name: t`Wednesday` },
    THU: { short: t`THU`, name: t`Thursday` },
    FRI: { short: t`FRI`, name: t`Friday` },
    SAT: { short: t`SAT`, name: t`Saturday` },
    SUN: { short: t`SUN`, name: t`Sunday` },
    OTHER: { short: t`OTHER`, name: t`No set meeting days` },
  };
}

/**
 * A course's detail panel, opened and closed by its button (mouse or keyboard); a class in a
 * listed building also names the building and its street address (issue 89).
 */
function CourseDetails({
  id,
  course,
  place,
}: {
  id: string;
  course: Course | undefined;
  place: MeetingPlace | undefined;
}) {
  const disclosure = useDisclosure(id);
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        className="acad-disclosure"
        {...disclosure.button}
        onClick={disclosure.toggle}
      >
        <Trans>Course details</Trans>
      </button>
      <div className="acad-details" {...disclosure.panel}>
        {course ? (
          <dl className="acad-fields">
            <div className="acad-field">
              <dt>
                <Trans>Instructor</Trans>
              </dt>
              <dd>
                {course.FACULTYNAME ?? t`To be announced`}
                {course.FACULTYEMAIL && (
                  <a className="acad-email" href={`mailto:${course.FACULTYEMAIL}`}>
                    {course.FACULTYEMAIL}
                  </a>
                )}
              </dd>
            </div>
            <div className="acad-field">
              <dt>
                <Trans>Credits</Trans>
              </dt>
              <dd>{course.CREDITS}</dd>
            </div>
            <div className="acad-field">
              <dt>
                <Trans>Department</Trans>
              </dt>
              <dd>
                <RecordText>{course.DEPARTMENT}</RecordText>
              </dd>
            </div>
            <div className="acad-field">
              <dt>
                <Trans>Course level</Trans>
              </dt>
              <dd>
                <RecordText>{course.COURSELEVEL}</RecordText>
              </dd>
            </div>
            {place && (
              <div className="acad-field">
                <dt>
                  <Trans>Building</Trans>
                </dt>
                <dd>
                  <RecordText>{place.name}</RecordText> ({place.code})
                  <PlaceSite place={place} />, {place.address}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">
            <Trans>Course details are not available right now.</Trans>
          </p>
        )}
      </div>
    </>
  );
}

export interface ScheduleViewProps {
  days: ScheduleDay[];
  /** The term's courses by CRN; empty when they could not be read. */
  courses: Readonly<Record<string, Course>>;
}

/** portal.md §3 schedule: the week by day, MON to SUN, then OTHER for web courses. */
export function ScheduleView({ days, courses }: ScheduleViewProps) {
  const { t } = useLingui();
  const names = useDayNames();
  const noTime = t`No set meeting time`;
  const noPlace = t`Location to be announced`;
  return (
    <div className="acad-schedule">
      {days.map((day) => {
        const { short, name } = names[day.label];
        return (
          <section key={day.label} className="acad-day" aria-labelledby={`day-${day.label}`}>
            <h3 id={`day-${day.label}`} className="acad-day__label">
              {short} <span className="muted">{name}</span>
            </h3>
            {day.holiday && (
              <p className="muted">
                <Trans>
                  No classes this {name}: <RecordText>{day.holiday}</RecordText>.
                </Trans>
              </p>
            )}
            {day.meetings.length > 0 && (
              <ul className="acad-meetings">
                {day.meetings.map((m) => (
                  <li key={m.COURSEREGISTRATIONNUMBER} className="acad-meeting">
                    <p className="acad-meeting__course">
                      <strong>
                        {m.SUBJECTCODE} {m.COURSENUMBER}
                      </strong>{' '}
                      <RecordText>{m.COURSETITLE}</RecordText>
                    </p>
                    <p className="acad-meeting__meta">
                      <span>{meetingTime(m, noTime)}</span>
                      {m.PLACE ? (
                        <ListedPlace meeting={m} place={m.PLACE} />
                      ) : meetingPlace(m, '') ? (
                        <RecordText>{meetingPlace(m, '')}</RecordText>
                      ) : (
                        <span>{noPlace}</span>
                      )}
                      <RecordText>{m.INSTRUCTIONAL_METHOD}</RecordText>
                      <span>
                        <Trans>CRN {m.COURSEREGISTRATIONNUMBER}</Trans>
                      </span>
                    </p>
                    <CourseDetails
                      id={`course-${day.label}-${m.COURSEREGISTRATIONNUMBER}`}
                      course={
                        Object.hasOwn(courses, m.COURSEREGISTRATIONNUMBER)
                          ? courses[m.COURSEREGISTRATIONNUMBER]
                          : undefined
                      }
                      place={m.PLACE}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
