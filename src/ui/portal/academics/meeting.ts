import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { formatClockTime } from '../../../lib/time.js';

// A class meeting's time and place as the schedule and Today's Classes show them: a module of its
// own, so the dashboard's first route does not carry the schedule page.

// A translated page passes its own words for a meeting without a time or a place.

export const meetingTime = (m: Meeting, none = 'No set meeting time') =>
  m.STARTTIME && m.ENDTIME
    ? `${formatClockTime(m.STARTTIME)} – ${formatClockTime(m.ENDTIME)}`
    : none;

export const meetingPlace = (m: Meeting, none = 'Location to be announced') =>
  [m.BUILDING, m.ROOM].filter(Boolean).join(' ') || m.LOCATION || none;
