import type { Meeting } from '../../../../contract/sis/courses.schema.js';
import { formatClockTime } from '../../../lib/time.js';

// A class meeting's time and place as the schedule and Today's Classes show them: a module of its
// own, so the dashboard's first route does not carry the schedule page.

export const meetingTime = (m: Meeting) =>
  m.STARTTIME && m.ENDTIME
    ? `${formatClockTime(m.STARTTIME)} – ${formatClockTime(m.ENDTIME)}`
    : 'No set meeting time';

export const meetingPlace = (m: Meeting) =>
  [m.BUILDING, m.ROOM].filter(Boolean).join(' ') || m.LOCATION || 'Location to be announced';
