import type { Curriculum } from '../../contract/sis/academics.schema.js';
import type { Meeting } from '../../contract/sis/schedule.schema.js';

/** A meeting of CS 161 in Fall 2026; tests override what they are about. */
export function meeting(fields: Partial<Meeting> = {}): Meeting {
  return {
    SUBJECTCODE: 'CS',
    COURSENUMBER: '161',
    COURSETITLE: 'Introduction to Programming',
    COURSEREGISTRATIONNUMBER: '41234',
    TERMCODE: '202604',
    DAYS: 'MW',
    DAYSDISPLAY: 'Mon, Wed',
    STARTTIME: '10:00',
    ENDTIME: '11:50',
    STARTDATE: '2026-09-28',
    ENDDATE: '2026-12-11',
    BUILDING: 'Engineering Building',
    ROOM: '102',
    LOCATION: 'Main Campus',
    MEETINGTYPE: 'Lecture',
    INSTRUCTIONAL_METHOD: 'In person',
    ...fields,
  };
}

/** A field of study of an undergraduate program; tests override what they are about. */
export function curriculum(fields: Partial<Curriculum> = {}): Curriculum {
  return {
    CUR_PRIORITY: 1,
    FOS_PRIORITY: 1,
    FOS_CODE: 'MAJOR',
    FOS: 'CS',
    FOS_DESC: 'Computer Science',
    DEGREE_DESC: 'Bachelor of Science',
    CATALOG_TERM: '202504',
    EXPECTED_GRAD_TERM: '202902',
    COLLEGE: 'Maseeh College of Engineering',
    DEPARTMENT: 'Computer Science',
    ADMITLEVEL: 'Freshman',
    LEVL: 'Undergraduate',
    LEVL_CODE: 'UG',
    RESIDENCY_STATUS: 'Oregon Resident',
    STUDENT_STATUS: 'Active',
    STUDENT_TYPE: 'Continuing',
    TERM_EFF_CODE: '202504',
    ...fields,
  };
}
