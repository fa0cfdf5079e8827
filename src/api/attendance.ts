import { attendanceReadSchema, attendanceSchema } from '../../contract/attendance.schema.js';
import type {
  Attendance,
  AttendanceRead,
  AttendanceReadBody,
} from '../../contract/attendance.schema.js';
import type { TermCode } from '../../contract/sis/common.schema.js';
import type { Http } from './client.js';

/** `GET /api/academics/attendance?term=`: the term's courses as the attendance warning reads them. */
export async function fetchAttendance(http: Http, term: TermCode): Promise<Attendance> {
  const answer = await http.get('academics/attendance', { searchParams: { term } }).json();
  return attendanceSchema.parse(answer);
}

/** `POST /api/academics/attendance/read`: marks one course's warning read on the server. */
export async function markAttendanceRead(
  http: Http,
  body: AttendanceReadBody,
): Promise<AttendanceRead> {
  const answer = await http.post('academics/attendance/read', { json: body }).json();
  return attendanceReadSchema.parse(answer);
}
