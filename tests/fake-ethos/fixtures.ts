/**
 * The records the Ethos double answers with, in Ethos's published shapes (the versions the adapter
 * asks for), each with a tenant's own extra fields the adapter must ignore. A student with four
 * registrations (one dropped), classes on Monday/Wednesday (one of them an evening class, whose UTC
 * days are Tuesday/Thursday) and Tuesday/Thursday, one financial hold in force (and one ended), a
 * transcript, a GPA, an advisor and a balance.
 */
const extra = { tenantExtension: { campusCode: 'PDX', localFlags: ['x', 'y'] } };

export const ID = {
  student: '2a1b0000-0000-4000-8000-000000000001',
  advisor: '2a1b0000-0000-4000-8000-000000000002',
  fall: 'a9000000-0000-4000-8000-000000000001',
  year: 'a9000000-0000-4000-8000-000000000002',
  spring: 'a9000000-0000-4000-8000-000000000003',
  ug: 'ab000000-0000-4000-8000-000000000001',
  math: 'c0000000-0000-4000-8000-000000000001',
  cs: 'c0000000-0000-4000-8000-000000000002',
  wr: 'c0000000-0000-4000-8000-000000000003',
  hst: 'c0000000-0000-4000-8000-000000000004',
  financialHold: 'f0000000-0000-4000-8000-000000000001',
  advisorType: 'ad000000-0000-4000-8000-000000000001',
  program: 'ac000000-0000-4000-8000-000000000001',
  standing: 'a5000000-0000-4000-8000-000000000001',
};

const section = (key: 'math' | 'cs' | 'wr' | 'hst') => `5e${ID[key].slice(2)}`;
const course = (key: 'math' | 'cs' | 'wr' | 'hst') => `c1${ID[key].slice(2)}`;
const subject = (key: 'math' | 'cs' | 'wr' | 'hst') => `50${ID[key].slice(2)}`;
const room = (n: number) => `r0000000-0000-4000-8000-00000000000${n}`;
const building = 'b0000000-0000-4000-8000-000000000001';
const grade = (v: string) => `9d000000-0000-4000-8000-0000000000${v === 'A' ? '01' : '02'}`;

export const SECTION = {
  math: section('math'),
  cs: section('cs'),
  wr: section('wr'),
  hst: section('hst'),
};

const person = (
  id: string,
  username: string,
  bannerId: string,
  name: [string, string],
  roles: string[],
) => ({
  id,
  names: [
    {
      type: { category: 'legal' },
      fullName: `${name[0]} ${name[1]}`,
      firstName: name[0],
      lastName: name[1],
    },
    {
      type: { category: 'personal' },
      preference: 'preferred',
      fullName: `${name[0]} ${name[1]}`,
      firstName: name[0],
      lastName: name[1],
    },
  ],
  credentials: [
    { type: 'bannerId', value: bannerId },
    { type: 'bannerUserName', value: username },
    { type: 'colleaguePersonId', value: `0${bannerId.slice(3)}` },
  ],
  roles: roles.map((role) => ({ role, startOn: '2024-09-01T00:00:00Z' })),
  emails: [
    {
      type: { emailType: 'school' },
      preference: 'primary',
      address: `${username}@campus.example.edu`,
    },
  ],
  phones: [{ type: { phoneType: 'mobile' }, preference: 'primary', number: '503-555-0142' }],
  gender: 'female',
  ...extra,
});

export function ethosFixtures() {
  const classes = [
    {
      key: 'math' as const,
      subj: ['MTH', 'Mathematics'],
      no: '251',
      title: 'Calculus I',
      days: ['monday', 'wednesday'],
      start: '2026-09-21T16:00:00Z',
      end: '2026-09-21T17:50:00Z',
      room: 1,
    },
    {
      key: 'cs' as const,
      subj: ['CS', 'Computer Science'],
      no: '161',
      title: 'Introduction to Programming',
      days: ['tuesday', 'thursday'],
      start: '2026-09-22T21:00:00Z',
      end: '2026-09-22T22:50:00Z',
      room: 2,
    },
    // 18:00 Monday in Portland is 01:00 Tuesday UTC: Ethos holds the days as UTC sees them.
    {
      key: 'wr' as const,
      subj: ['WR', 'Writing'],
      no: '121',
      title: 'College Writing',
      days: ['tuesday', 'thursday'],
      start: '2026-09-22T01:00:00Z',
      end: '2026-09-22T02:50:00Z',
      room: 1,
    },
    {
      key: 'hst' as const,
      subj: ['HST', 'History'],
      no: '101',
      title: 'World History',
      days: ['friday'],
      start: '2026-09-25T17:00:00Z',
      end: '2026-09-25T18:50:00Z',
      room: 2,
    },
  ];
  return {
    persons: [
      person(ID.student, 'jdoe', '900123456', ['Jordan', 'Doe'], ['student']),
      person(ID.advisor, 'asmith', '900000002', ['Alex', 'Smith'], ['employee', 'advisor']),
    ],
    'academic-periods': [
      {
        id: ID.year,
        code: '2026',
        title: '2026-2027 Academic Year',
        startOn: '2026-08-15T00:00:00Z',
        endOn: '2027-06-15T00:00:00Z',
        category: { type: 'year' },
        ...extra,
      },
      {
        id: ID.fall,
        code: '202610',
        title: 'Fall 2026',
        startOn: '2026-09-21T00:00:00Z',
        endOn: '2026-12-11T00:00:00Z',
        category: { type: 'term', parent: { id: ID.year } },
        ...extra,
      },
      {
        id: ID.spring,
        code: '202620',
        title: 'Spring 2027',
        startOn: '2027-01-11T00:00:00Z',
        endOn: '2027-05-07T00:00:00Z',
        category: { type: 'term', parent: { id: ID.year } },
        ...extra,
      },
    ],
    subjects: classes.map((c) => ({
      id: subject(c.key),
      abbreviation: c.subj[0],
      title: c.subj[1],
      ...extra,
    })),
    courses: classes.map((c) => ({
      id: course(c.key),
      titles: [{ type: { id: 'x' }, value: c.title }],
      subject: { id: subject(c.key) },
      number: c.no,
      ...extra,
    })),
    sections: classes.map((c, i) => ({
      id: section(c.key),
      code: `1${i}234`,
      number: '001',
      titles: [],
      course: { id: course(c.key) },
      academicPeriod: { id: ID.fall },
      startOn: '2026-09-21',
      endOn: '2026-12-11',
      credits: [{ creditCategory: { creditType: 'institution' }, measure: 'credit', minimum: 4 }],
      ...extra,
    })),
    'instructional-events': classes.map((c) => ({
      id: `1e${ID[c.key].slice(2)}`,
      section: { id: section(c.key) },
      recurrence: {
        timePeriod: { startOn: c.start, endOn: c.end },
        repeatRule: {
          type: 'weekly',
          interval: 1,
          daysOfWeek: c.days,
          ends: { date: '2026-12-11' },
        },
      },
      locations: [{ location: { type: 'instructionalRoom', room: { id: room(c.room) } } }],
      ...extra,
    })),
    rooms: [
      { id: room(1), number: '120', building: { id: building }, ...extra },
      { id: room(2), number: '305', building: { id: building }, ...extra },
    ],
    buildings: [{ id: building, code: 'CH', title: 'Cramer Hall', ...extra }],
    'section-registrations': classes.map((c) => ({
      id: `5r${ID[c.key].slice(2)}`,
      registrant: { id: ID.student },
      section: { id: section(c.key) },
      status: {
        registrationStatus: c.key === 'hst' ? 'notRegistered' : 'registered',
        sectionRegistrationStatusReason: c.key === 'hst' ? 'dropped' : 'registered',
      },
      ...extra,
    })),
    'grade-definitions': [
      { id: grade('A'), grade: { type: 'letter', value: 'A' }, ...extra },
      { id: grade('B+'), grade: { type: 'letter', value: 'B+' }, ...extra },
    ],
    'student-transcript-grades': [
      // One names its course through the section, the other by the course itself.
      {
        id: 'tg000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        course: { section: { id: section('math') } },
        grade: { id: grade('A') },
        gradeDate: '2026-12-15',
        ...extra,
      },
      {
        id: 'tg000000-0000-4000-8000-000000000002',
        student: { id: ID.student },
        course: { id: course('cs') },
        grade: { id: grade('B+') },
        gradeDate: '2026-12-16',
        ...extra,
      },
    ],
    'academic-levels': [{ id: ID.ug, code: 'UG', title: 'Undergraduate', ...extra }],
    'student-grade-point-averages': [
      {
        id: 'g0000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        academicLevel: { id: ID.ug },
        cumulative: [
          { academicSource: 'institution', value: 3.1 },
          { academicSource: 'all', value: 3.42 },
        ],
        ...extra,
      },
    ],
    'person-hold-types': [
      {
        id: 'h0000000-0000-4000-8000-000000000001',
        code: 'AR',
        title: 'Past-due balance',
        category: 'financial',
        ...extra,
      },
      {
        id: 'h0000000-0000-4000-8000-000000000002',
        code: 'AD',
        title: 'See your advisor',
        category: 'academic',
        ...extra,
      },
    ],
    'person-holds': [
      {
        id: ID.financialHold,
        person: { id: ID.student },
        type: { category: 'financial', detail: { id: 'h0000000-0000-4000-8000-000000000001' } },
        startOn: '2026-10-01T00:00:00Z',
        comment: 'Balance over 90 days',
        ...extra,
      },
      {
        id: 'f0000000-0000-4000-8000-000000000002',
        person: { id: ID.student },
        type: { category: 'academic', detail: { id: 'h0000000-0000-4000-8000-000000000002' } },
        startOn: '2026-01-01T00:00:00Z',
        endOn: '2026-03-01T00:00:00Z',
        ...extra,
      },
    ],
    'advisor-types': [{ id: ID.advisorType, code: 'MAJR', title: 'Major advisor', ...extra }],
    'student-advisor-relationships': [
      {
        id: 'sa000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        advisor: { id: ID.advisor },
        advisorType: { id: ID.advisorType },
        assignedPriority: 1,
        startAcademicPeriod: { id: ID.fall },
        startOn: '2026-09-01',
        ...extra,
      },
    ],
    'academic-standings': [{ id: ID.standing, code: 'GS', title: 'Good Standing', ...extra }],
    'student-academic-standings': [
      {
        id: 'ss000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        standing: { id: ID.standing },
        academicPeriod: { id: ID.fall },
        type: 'academic',
        ...extra,
      },
    ],
    'academic-programs': [
      { id: ID.program, code: 'CS-BS', title: 'Computer Science, BS', ...extra },
    ],
    'student-academic-programs': [
      {
        id: 'sp000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        program: { id: ID.program },
        academicLevel: { id: ID.ug },
        catalog: { id: ID.fall },
        startOn: '2025-09-01',
        enrollmentStatus: { status: 'active' },
        ...extra,
      },
    ],
    'account-detail-reviews': [
      {
        id: 'ar000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        balance: { value: 1250.5, currency: 'USD' },
        ...extra,
      },
    ],
    'student-charges': [
      {
        id: 'ch000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        chargedAmount: { amount: { value: 3000, currency: 'USD' } },
        ...extra,
      },
    ],
    'student-payments': [
      {
        id: 'pa000000-0000-4000-8000-000000000001',
        person: { id: ID.student },
        amount: { value: 1749.5, currency: 'USD' },
        ...extra,
      },
    ],
  };
}
export type EthosFixtures = ReturnType<typeof ethosFixtures>;
