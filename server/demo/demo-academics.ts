import { FALL_2026, SPRING_2026, termReads } from '../sis/fixtures/common.js';
import type { SisRecordInput } from '../sis/sample-record.js';

const fall = { TERMCODE: FALL_2026, STARTDATE: '2026-09-28', ENDDATE: '2026-12-11' };
const course = {
  TERMCODE: FALL_2026,
  TERMDESCRIPTION: 'Fall 2026',
  SECTIONNO: '001',
  CREDITS: 4,
  COLLEGE: 'College of Liberal Arts and Sciences',
  COURSELEVEL: 'Undergraduate',
  COURSELOCATION: 'Main Campus',
  LECTUREHOURS: 4,
  SCHEDULETYPE: 'Lecture',
  INSTRUCTIONAL_METHOD: 'In person',
  AVAIALABLEWAITLIST: 0,
  ACCEPTEDAID: 'Y' as const,
  EXCLUSIONLIST: 'N' as const,
};

/** Demo academics (next-steps.md §3 Academic sample data): hold end dates are 2099-12-31. */
export const demoAcademics = {
  ...termReads,
  profile: { staff_faculty_info: null },
  gpa: [{ GPATYPEINDICATOR: 'I', LEVELCODE: 'UG', GPA: 3.21 }],
  advisor: [
    {
      ADV_EMAIL_ADDRESS: 'advisor@campus.example.edu',
      ADV_NAME: 'Advisor, Demo',
      ADV_TERM_EFF: SPRING_2026,
      ADV_CODE: 'ACAD',
      ADV_CODE_DESC: 'Academic Advisor',
      ADV_PRIM: 'Y',
      ADV_PHOTO: null,
    },
  ],
  holds: [
    {
      HOLD: 'AH',
      HOLDAMOUNT: 0,
      HOLDDESCRIPTION: 'Advising Hold',
      HOLDFROMDATE: '2026-10-01',
      HOLDTODATE: '2099-12-31',
      HOLDORIGINATINGOFFICE: 'ADV',
      HOLDORIGINATINGOFFICEDESCRIPTION: 'Advising and Career Services',
      HOLDRELEASEINDICATOR: 'N',
      PROCESSAFFECTED: ['Registration'],
      REASON: 'Meet your advisor before registering',
      STUDENTID: '900999999',
    },
  ],
  standing: { message: 'Good Standing', class_standing: 'Junior' },
  'curriculum-info': {
    curricula: [
      {
        ADMITLEVEL: 'Freshman',
        CATALOG_TERM: '202404',
        COLLEGE: 'College of Liberal Arts and Sciences',
        CUR_PRIORITY: 1,
        DEPARTMENT: 'History',
        FOS: 'HST',
        FOS_CODE: 'MAJOR',
        FOS_DESC: 'History',
        FOS_PRIORITY: 1,
        LEVL: 'Undergraduate',
        LEVL_CODE: 'UG',
        STUDENT_STATUS: 'Active',
        STUDENT_TYPE: 'Continuing',
        TERM_EFF_CODE: '202404',
        DEGREE_DESC: 'Bachelor of Arts',
        EXPECTED_GRAD_TERM: '202802',
        RESIDENCY_STATUS: 'Oregon Resident',
      },
    ],
    pre_prof: [],
    expected_graduation: '202802',
  },
  courses: {
    [FALL_2026]: [
      {
        ...course,
        SUBJECT: 'HST',
        SUBJECTDESCRIPTION: 'History',
        COURSENUMBER: '330',
        COURSETITLE: 'The Pacific Northwest',
        COURSEREGISTRATIONNUMBER: '40001',
        DEPARTMENT: 'History',
        FACULTYNAME: 'Demo Instructor',
        FACULTYEMAIL: 'instructor@campus.example.edu',
        INITATTENDANCE: 'Y',
      },
    ],
  },
  schedule: {
    [FALL_2026]: [
      {
        ...fall,
        SUBJECTCODE: 'HST',
        COURSENUMBER: '330',
        COURSETITLE: 'The Pacific Northwest',
        COURSEREGISTRATIONNUMBER: '40001',
        DAYS: 'TR',
        DAYSDISPLAY: 'Tue, Thu',
        STARTTIME: '14:00',
        ENDTIME: '15:50',
        BUILDING: 'Cramer Hall',
        ROOM: '201',
        LOCATION: 'Main Campus',
        MEETINGTYPE: 'Lecture',
        INSTRUCTIONAL_METHOD: 'In person',
      },
    ],
  },
  grades: {
    [SPRING_2026]: [
      {
        COURSENUMBER: '201',
        COURSEREGISTRATIONNUMBER: '20001',
        COURSETITLE: 'History of the United States',
        FINALGRADE: 'A-',
        GRADEDATE: '2026-06-16',
        SUBJECTCODE: 'HST',
        TERMCODE: SPRING_2026,
      },
    ],
  },
} satisfies Partial<SisRecordInput>;
