/**
 * The records the Ethos double answers with, in Ethos's published shapes (the versions the adapter
 * asks for), each with a tenant's own extra fields the adapter must ignore. A student with four
 * registrations (one dropped), classes on Monday/Wednesday (one of them an evening class, whose UTC
 * days are Tuesday/Thursday) and Tuesday/Thursday, one financial hold in force (and one ended), a
 * transcript (last term's without registrations), a GPA, a primary advisor (and a past one) and a
 * balance. The student's username is the demo Student's, so a journey signs in by the demo sign-in.
 *
 * Each shape's source is beside it; `J:` is ellucian-developer/integration-sdk-java-objects, under
 * com/ellucian/generated/eedm/ (Ellucian's generated Ethos SDK objects, one folder per version).
 */
import {
  ID,
  building,
  course,
  extra,
  otherBuilding,
  room,
  section,
  site,
  subject,
} from './fixture-ids.js';
import { financeFixtures } from './fixtures-finance.js';
import { recordFixtures } from './fixtures-records.js';
import { transcriptFixtures } from './fixtures-transcript.js';

// J: persons/v12_0/Persons.java (`names`, `credentials {type, value}` with the types `bannerId`,
// `bannerUserName`, `colleaguePersonId`, `roles {role, startOn}`, `emails`, `phones`, `gender`).
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
  const transcript = transcriptFixtures();
  return {
    persons: [
      person(ID.student, 'avalencia', '900123456', ['Ana', 'Valencia'], ['student']),
      person(ID.advisor, 'asmith', '900000002', ['Alex', 'Smith'], ['employee', 'advisor']),
      person(ID.pastAdvisor, 'jlee', '900000003', ['Jordan', 'Lee'], ['employee', 'advisor']),
    ],
    // J: academic_periods/v16_0_0/AcademicPeriods.java (`code`, `title`, `startOn`, `endOn`,
    // `category {type, parent}`). The year, this fall and last spring, in that order (e2e/ethos.spec.ts
    // reads them so).
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
      transcript.lastTerm,
    ],
    // J: subjects/v6_0/Subjects.java (`abbreviation`, `title`)
    subjects: classes.map((c) => ({
      id: subject(c.key),
      abbreviation: c.subj[0],
      title: c.subj[1],
      ...extra,
    })),
    // J: courses/v16_0_0/Courses.java (`titles[].value`, `subject.id`, `number`)
    courses: classes
      .map((c) => ({
        id: course(c.key),
        titles: [{ type: { id: 'x' }, value: c.title }],
        subject: { id: subject(c.key) },
        number: c.no,
        ...extra,
      }))
      .concat(transcript.courses),
    // J: sections/v16_0_0/Sections.java (`code`, `number`, `titles`, `course`, `academicPeriod`,
    // `startOn`, `endOn`, `credits`); last term's follow this term's.
    sections: classes
      .map((c, i) => ({
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
      }))
      .concat(transcript.sections),
    // J: instructional_events/v11_0/InstructionalEvents.java (`section`, `recurrence {timePeriod,
    // repeatRule {type, interval, daysOfWeek, ends}}`, `locations[].location {type, room}`)
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
    // J: rooms/v10_0/Rooms.java (`number`, `building`); buildings/v11_0/Buildings.java (`code`,
    // `title`: the SDK publishes v6 and v11 of buildings). v6's `site` (a GuidObject2) and v11's
    // `address` (`addressLines`, `place.country` {`locality`, `region.title`, `postalCode`},
    // `latitude`, `longitude`): integration-sdk-csharp-objects, Ellucian.Generated.Eedm/
    // Buildings_V6_0.cs, Buildings_V11_0.cs, BuildingAddress.cs, AddressPlace.cs, AddressCountry.cs.
    rooms: [
      { id: room(1), number: '120', building: { id: building }, ...extra },
      { id: room(2), number: '305', building: { id: building }, ...extra },
    ],
    buildings: [
      {
        id: building,
        code: 'CH',
        title: 'Cramer Hall',
        site: { id: site.downtown },
        address: {
          addressLines: ['1721 SW Broadway'],
          place: {
            country: {
              code: 'USA',
              locality: 'Portland',
              region: { code: 'US-OR', title: 'OR' },
              postalCode: '97201',
            },
          },
          latitude: 45.5118,
          longitude: -122.6835,
        },
        ...extra,
      },
      {
        id: otherBuilding,
        code: 'CLSB',
        title: 'Collaborative Life Sciences Building',
        site: { id: site.waterfront },
        ...extra,
      },
    ],
    // Two sites, so a class's building is named with its site: sites v6, a code item (`code`,
    // `title`, `description`) with its `organization`: integration-sdk-csharp-objects,
    // Ellucian.Generated.Eedm/Sites_V6_0.cs, CodeItem2.cs, BaseModel2.cs.
    sites: [
      {
        id: site.downtown,
        code: 'DT',
        title: 'Downtown Campus',
        description: 'The Park Blocks campus',
        organization: { id: ID.organization },
        ...extra,
      },
      {
        id: site.waterfront,
        code: 'SW',
        title: 'South Waterfront',
        organization: { id: ID.organization },
        ...extra,
      },
    ],
    // J: section_registrations/v16_0_0/SectionRegistrations.java (`registrant`, `section`,
    // `status {registrationStatus, sectionRegistrationStatusReason}`); none for last term.
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
    'grade-definitions': transcript['grade-definitions'],
    'student-transcript-grades': transcript['student-transcript-grades'],
    ...recordFixtures(),
    ...financeFixtures(),
  };
}
