// A reference bridge for the portal's HTTP SIS adapter (docs/sis-contract.md): answers
// `GET /students/<username>/<read>` from the CSV files in a folder, so a campus on another student
// information system sees exactly what to build. Plain Node.js, no dependencies:
//
//   node examples/sis-csv-bridge/bridge.mjs [port] [data folder] [token]
//   SIS_ADAPTER=http SIS_BASE_URL=http://127.0.0.1:4020 SIS_TOKEN=bridge-token npm start
//
// A real bridge reads the campus's own system instead of CSV; the answers' shapes stay these.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Rows of a small CSV file (a header line; no quoted commas, as these examples need none). */
function readCsv(folder, name) {
  const [header, ...lines] = readFileSync(path.join(folder, `${name}.csv`), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

const orNull = (v) => (v === '' || v === undefined ? null : v);
/** What the contract calls "nothing to say": the portal shows the block's empty state. */
const NOTHING = { p_result: 'Warning', p_message: 'not kept by this bridge' };

/** The answer of one read for one person, or undefined for a person the files do not know. */
export function answer(data, username, read, term) {
  const student = data.students.find((s) => s.username === username);
  if (!student) return undefined;
  const current = data.terms.find((t) => t.current === 'Y') ?? data.terms[0];
  const mine = (rows) => rows.filter((r) => r.username === username && r.term === term);
  const roles = { primary_role: student.primary_role, other_roles: [] };
  switch (read) {
    case 'identity':
      return {
        ...roles,
        nine_number: student.nine_number,
        financial_dashboard_access: true,
        has_provisional_account: false,
      };
    case 'roles':
      return roles;
    case 'profile':
      return { staff_faculty_info: null, photo: null };
    case 'contact-info':
      return {
        street_line_1: null,
        street_line_2: null,
        city: null,
        state: null,
        zip: null,
        phone_number: orNull(student.phone),
        email: orNull(student.email),
        initialized: true,
      };
    case 'current-term':
      return { p_term_out: current.term, display_term: current.term };
    case 'term-info':
      return {
        term: current.term,
        description: current.description,
        start_date: current.start_date,
        end_date: current.end_date,
      };
    case 'courses':
      return mine(data.classes).map((c) => ({
        SUBJECT: c.subject,
        SUBJECTDESCRIPTION: c.subject_description,
        COURSENUMBER: c.number,
        COURSETITLE: c.title,
        COURSEREGISTRATIONNUMBER: c.crn,
        SECTIONNO: c.section,
        TERMCODE: c.term,
        TERMDESCRIPTION: data.terms.find((t) => t.term === c.term)?.description ?? c.term,
        CREDITS: Number(c.credits),
        COLLEGE: '',
        DEPARTMENT: '',
        COURSELEVEL: '',
        COURSELOCATION: c.building,
        FACULTYNAME: orNull(c.instructor),
        FACULTYEMAIL: null,
        LECTUREHOURS: null,
        SCHEDULETYPE: 'Lecture',
        INSTRUCTIONAL_METHOD: c.days ? 'In person' : 'Online',
        AVAIALABLEWAITLIST: 0,
        INITATTENDANCE: 'N',
        ACCEPTEDAID: 'N',
        EXCLUSIONLIST: 'N',
      }));
    case 'schedule':
      return mine(data.classes).map((c) => ({
        SUBJECTCODE: c.subject,
        COURSENUMBER: c.number,
        COURSETITLE: c.title,
        COURSEREGISTRATIONNUMBER: c.crn,
        TERMCODE: c.term,
        DAYS: c.days,
        DAYSDISPLAY: c.days,
        STARTTIME: orNull(c.start_time),
        ENDTIME: orNull(c.end_time),
        STARTDATE: c.start_date,
        ENDDATE: c.end_date,
        BUILDING: orNull(c.building),
        ROOM: orNull(c.room),
        LOCATION: c.building ? `${c.building} ${c.room}` : null,
        MEETINGTYPE: 'CLAS',
        INSTRUCTIONAL_METHOD: c.days ? 'In person' : 'Online',
      }));
    case 'grades':
      return mine(data.classes).map((c) => ({
        SUBJECTCODE: c.subject,
        COURSENUMBER: c.number,
        COURSETITLE: c.title,
        COURSEREGISTRATIONNUMBER: c.crn,
        TERMCODE: c.term,
        FINALGRADE: orNull(c.grade),
        GRADEDATE: null,
      }));
    case 'holds':
      return data.holds
        .filter((h) => h.username === username)
        .map((h) => ({
          HOLD: h.code,
          HOLDDESCRIPTION: h.description,
          HOLDAMOUNT: Number(h.amount || 0),
          HOLDFROMDATE: h.from,
          HOLDTODATE: h.to,
          HOLDORIGINATINGOFFICE: h.office,
          HOLDORIGINATINGOFFICEDESCRIPTION: h.office_description,
          HOLDRELEASEINDICATOR: 'N',
          PROCESSAFFECTED: h.processes.split(';').filter(Boolean),
          REASON: null,
          STUDENTID: student.nine_number,
        }));
    case 'nudges':
      return [];
    default:
      return NOTHING;
  }
}

/** The bridge as an HTTP server: Bearer `token` required, 404 for an unknown person or read. */
export function bridge(folder, token) {
  const data = Object.fromEntries(
    ['students', 'terms', 'classes', 'holds'].map((name) => [name, readCsv(folder, name)]),
  );
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bridge');
    const match = /^\/students\/([^/]+)\/([a-z-]+)$/.exec(url.pathname);
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { detail: 'token' });
    if (!match) return send(404, { detail: 'no such read' });
    if (req.method === 'POST') return send(200, {});
    const found = answer(
      data,
      decodeURIComponent(match[1]),
      match[2],
      url.searchParams.get('term'),
    );
    return found === undefined
      ? send(404, { detail: 'no record of this person' })
      : send(200, found);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? '4020');
  const folder = process.argv[3] ?? path.join(here, 'data');
  bridge(folder, process.argv[4] ?? 'bridge-token').listen(port, '127.0.0.1', () =>
    process.stdout.write(`SIS bridge at http://127.0.0.1:${port}/ (data from ${folder})\n`),
  );
}
