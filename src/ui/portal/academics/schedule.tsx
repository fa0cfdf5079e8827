import type { Course } from '../../../../contract/sis/courses.schema.js';
import type { ScheduleDay } from '../../../lib/schedule.js';
import { useDisclosure } from '../../disclosure.js';
import { meetingPlace, meetingTime } from './meeting.js';

const DAY_NAMES: Record<ScheduleDay['label'], string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
  OTHER: 'No set meeting days',
};

/** A course's detail panel, opened and closed by its button (mouse or keyboard). */
function CourseDetails({ id, course }: { id: string; course: Course | undefined }) {
  const disclosure = useDisclosure(id);
  return (
    <>
      <button
        type="button"
        className="acad-disclosure"
        {...disclosure.button}
        onClick={disclosure.toggle}
      >
        Course details
      </button>
      <div className="acad-details" {...disclosure.panel}>
        {course ? (
          <dl className="acad-fields">
            <div className="acad-field">
              <dt>Instructor</dt>
              <dd>
                {course.FACULTYNAME ?? 'To be announced'}
                {course.FACULTYEMAIL && (
                  <a className="acad-email" href={`mailto:${course.FACULTYEMAIL}`}>
                    {course.FACULTYEMAIL}
                  </a>
                )}
              </dd>
            </div>
            <div className="acad-field">
              <dt>Credits</dt>
              <dd>{course.CREDITS}</dd>
            </div>
            <div className="acad-field">
              <dt>Department</dt>
              <dd>{course.DEPARTMENT}</dd>
            </div>
            <div className="acad-field">
              <dt>Course level</dt>
              <dd>{course.COURSELEVEL}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">Course details are not available right now.</p>
        )}
      </div>
    </>
  );
}

export interface ScheduleViewProps {
  days: ScheduleDay[];
  /** The term's courses by CRN; empty when they could not be read. */
  courses: ReadonlyMap<string, Course>;
}

/** portal.md §3 schedule: the week by day, MON to SUN, then OTHER for web courses. */
export function ScheduleView({ days, courses }: ScheduleViewProps) {
  return (
    <div className="acad-schedule">
      {days.map((day) => (
        <section key={day.label} className="acad-day" aria-labelledby={`day-${day.label}`}>
          <h3 id={`day-${day.label}`} className="acad-day__label">
            {day.label} <span className="muted">{DAY_NAMES[day.label]}</span>
          </h3>
          {day.holiday && (
            <p className="muted">
              No classes this {DAY_NAMES[day.label]}: {day.holiday}.
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
                    {m.COURSETITLE}
                  </p>
                  <p className="acad-meeting__meta">
                    <span>{meetingTime(m)}</span>
                    <span>{meetingPlace(m)}</span>
                    <span>{m.INSTRUCTIONAL_METHOD}</span>
                    <span>CRN {m.COURSEREGISTRATIONNUMBER}</span>
                  </p>
                  <CourseDetails
                    id={`course-${day.label}-${m.COURSEREGISTRATIONNUMBER}`}
                    course={courses.get(m.COURSEREGISTRATIONNUMBER)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
