import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeEthos } from '../../../fake-ethos/fake-ethos.js';
import { ethosSisFor, student } from '../../../fake-ethos/ethos-sis.js';
import type { EthosSis } from '../../../../server/sis/ethos/adapter.js';
import { SisNotFoundError } from '../../../../server/sis/port.js';

/**
 * Each read against the double's published shapes. Each test's source is beside it; `J:` is
 * ellucian-developer/integration-sdk-java-objects, under com/ellucian/generated/eedm/ (the fixtures
 * in tests/fake-ethos/ cite each shape in full).
 */
let fake: FakeEthos;
let sis: EthosSis;

beforeAll(async () => {
  fake = await FakeEthos.start();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.maxPageSize = 2;
  sis = ethosSisFor(fake);
});

describe('the Ethos adapter, read by read', () => {
  // Source: persons v12 (credentials {type, value}), J: persons/v12_0/Persons.java.
  it('identity: persons found by the configured credential; the student number from the ID credential', async () => {
    expect(await sis.read('identity', student)).toEqual({
      nine_number: '900123456',
      primary_role: 'student',
      other_roles: [],
      financial_dashboard_access: true,
      has_provisional_account: false,
    });
    const [lookup] = fake.callsTo('persons');
    expect(decodeURIComponent(lookup?.url ?? '')).toContain(
      '"credentials":[{"type":"bannerUserName","value":"avalencia"}]',
    );
  });

  // Source: persons v12, J: persons/v12_0/Persons.java (an empty list for no match).
  it('identity: a username no person holds is the SIS not knowing the person', async () => {
    await expect(sis.read('identity', { username: 'nobody', persona: null })).rejects.toThrow(
      SisNotFoundError,
    );
  });

  // Source: persons v12's credential type colleaguePersonId, J: persons/v12_0/Persons.java.
  it('ETHOS_PERSON_CREDENTIAL: a Colleague campus finds people by its own credential type', async () => {
    const colleague = ethosSisFor(fake, {
      personCredential: 'colleaguePersonId',
      idCredential: 'colleaguePersonId',
    });
    const identity = await colleague.read('identity', { username: '0123456', persona: null });
    expect(identity.nine_number).toBe('0123456');
  });

  // Source: persons v12 roles {role, startOn}, J: persons/v12_0/Persons.java.
  it('roles: from persons.roles, an employee advisor is staff and advisor', async () => {
    expect(await sis.read('roles', student)).toEqual({ primary_role: 'student', other_roles: [] });
    expect(await sis.read('roles', { username: 'asmith', persona: null })).toEqual({
      primary_role: 'staff',
      other_roles: ['advisor'],
    });
  });

  // Source: persons v12 names, emails, phones, J: persons/v12_0/Persons.java.
  it('person-info and contact-info: names, the preferred email and phone', async () => {
    const info = await sis.read('person-info', student);
    expect(info).toMatchObject({
      LEGAL_NAME: 'Ana Valencia',
      PREFERRED_NAME: 'Ana',
      STUDENT: 'Y',
      STUDENT_ID: '900123456',
    });
    expect(await sis.read('contact-info', student)).toMatchObject({
      email: 'avalencia@campus.example.edu',
      phone_number: '503-555-0142',
    });
  });

  // Source: academic-periods v16 (category.type), J: academic_periods/v16_0_0/AcademicPeriods.java.
  it('current-term: the term whose dates hold today on the campus clock, not the academic year that also holds it', async () => {
    expect(await sis.read('current-term', student)).toEqual({
      p_term_out: '202604',
      display_term: '202604',
    });
    expect(await sis.read('term-info', student)).toEqual({
      term: '202604',
      description: 'Fall 2026',
      start_date: '2026-09-21',
      end_date: '2026-12-11',
    });
  });

  // Source: section-registrations v16 status.registrationStatus, sections v16, courses v16, J:
  // section_registrations/v16_0_0, sections/v16_0_0, courses/v16_0_0.
  it('courses: registered sections only; a drop (notRegistered) is absent', async () => {
    const courses = await sis.read('courses', student, '202604');
    expect(
      Array.isArray(courses) && courses.map((c) => `${c.SUBJECT} ${c.COURSENUMBER}`).sort(),
    ).toEqual(['CS 161', 'MTH 251', 'WR 121']);
    expect(courses).toContainEqual(
      expect.objectContaining({
        SUBJECTDESCRIPTION: 'Mathematics',
        COURSETITLE: 'Calculus I',
        CREDITS: 4,
        TERMDESCRIPTION: 'Fall 2026',
      }),
    );
  });

  // Source: instructional-events v11 recurrence.repeatRule, rooms v10, buildings, J:
  // instructional_events/v11_0/InstructionalEvents.java, rooms/v10_0/Rooms.java.
  it('schedule: weekly repeat rules from UTC to the campus zone, days included, rooms and buildings from the code tables', async () => {
    const meetings = await sis.read('schedule', student, '202604');
    const week = Array.isArray(meetings)
      ? Object.fromEntries(
          meetings.map((m) => [m.SUBJECTCODE, [m.DAYS, m.STARTTIME, m.ENDTIME, m.LOCATION]]),
        )
      : {};
    expect(week).toEqual({
      MTH: ['MW', '09:00', '10:50', 'Cramer Hall 120'],
      CS: ['TR', '14:00', '15:50', 'Cramer Hall 305'],
      // 01:00 UTC Tuesday and Thursday is 18:00 Monday and Wednesday in Portland.
      WR: ['MW', '18:00', '19:50', 'Cramer Hall 120'],
    });
  });

  // Source: buildings v11 `address` {addressLines, place.country, latitude, longitude},
  // integration-sdk-csharp-objects Ellucian.Generated.Eedm/Buildings_V11_0.cs, BuildingAddress.cs.
  it('schedule (issue 89): a class in a building Ethos gives with an address and coordinates carries its place, for Map and Directions; without a map template, none', async () => {
    const placed = ethosSisFor(fake, {
      mapPlaceUrl: 'https://maps.example.edu/?lat={lat}&lon={lon}',
    });
    const meetings = await placed.read('schedule', student, '202604');
    const math = Array.isArray(meetings) ? meetings.find((m) => m.SUBJECTCODE === 'MTH') : null;
    expect(math?.PLACE).toEqual({
      code: 'CH',
      name: 'Cramer Hall',
      address: '1721 SW Broadway, Portland, OR 97201',
      latitude: 45.5118,
      longitude: -122.6835,
      mapUrl: 'https://maps.example.edu/?lat=45.5118&lon=-122.6835',
      // The double's campus has two sites (sites.test.ts).
      site: 'Downtown Campus',
    });
    const plain = await sis.read('schedule', student, '202604');
    expect(Array.isArray(plain) && plain.every((m) => m.PLACE === undefined)).toBe(true);
  });

  // Source: student-transcript-grades v1.0.0 course.section.id and v1.1.0 course.detail.id,
  // integration-sdk-csharp-objects Ellucian.Generated.Eedm/StudentTranscriptGrades_V1_0_0.cs, _V1_1_0.cs.
  it("grades: this term's grades named through course.section.id, with the grade definitions; a registered class not graded yet has none", async () => {
    const grades = await sis.read('grades', student, '202604');
    const by = Array.isArray(grades)
      ? Object.fromEntries(grades.map((g) => [g.SUBJECTCODE, g.FINALGRADE]))
      : {};
    expect(by).toEqual({ MTH: 'A', CS: 'B+', WR: null });
  });

  // Source: student-grade-point-averages v1 cumulative[] {academicSource, academicLevel, value}, J:
  // student_grade_point_averages/v1_0_0/Cumulative.java.
  it('gpa: the cumulative GPA whose academicSource is all, not the first entry, per level', async () => {
    expect(await sis.read('gpa', student)).toEqual([
      { GPATYPEINDICATOR: 'O', LEVELCODE: 'UG', GPA: 3.42 },
    ]);
  });

  // Source: person-holds v6 and person-hold-types v6 (category), J: person_holds/v6_0, person_hold_types/v6_0.
  it('holds: those in force today, their category to the office and processes by the campus table', async () => {
    const holds = await sis.read('holds', student);
    expect(holds).toEqual([
      expect.objectContaining({
        HOLD: 'AR',
        HOLDDESCRIPTION: 'Past-due balance',
        HOLDORIGINATINGOFFICE: 'BURS',
        PROCESSAFFECTED: ['Registration', 'Transcripts', 'Graduation'],
        HOLDFROMDATE: '2026-10-01',
        REASON: 'Balance over 90 days',
      }),
    ]);
    const campus = ethosSisFor(fake, {
      campusSis: {
        ethos: {
          versions: {},
          holdCategories: {
            financial: {
              office: 'SA',
              officeDescription: 'Student Accounts',
              processes: ['Grades'],
            },
          },
        },
      },
    });
    expect(await campus.read('holds', student)).toEqual([
      expect.objectContaining({ HOLDORIGINATINGOFFICE: 'SA', PROCESSAFFECTED: ['Grades'] }),
    ]);
  });

  // Source: student-advisor-relationships v10, assignedPriority "primary", integration-sdk-csharp-objects
  // Ellucian.Generated.Eedm/StudentAdvisorRelationships_V10_0.cs; advisor-types, J: advisor_types/v8_0.
  it('advisor: the current relationship whose assignedPriority is "primary", the advisor read from persons; an ended one absent', async () => {
    expect(await sis.read('advisor', student)).toEqual([
      {
        ADV_NAME: 'Alex Smith',
        ADV_EMAIL_ADDRESS: 'asmith@campus.example.edu',
        ADV_TERM_EFF: '202604',
        ADV_CODE: 'MAJR',
        ADV_CODE_DESC: 'Major advisor',
        ADV_PRIM: 'Y',
        ADV_PHOTO: null,
      },
    ]);
  });

  // Source: student-academic-standings v8 and student-academic-programs v17, J:
  // student_academic_standings/v8_0, student_academic_programs/v17_0_0.
  it('standing and curriculum-info: academic standings and programs', async () => {
    expect(await sis.read('standing', student)).toEqual({
      message: 'Good Standing',
      class_standing: null,
    });
    const curriculum = await sis.read('curriculum-info', student);
    expect(curriculum).toMatchObject({
      curricula: [
        expect.objectContaining({
          FOS: 'CS-BS',
          FOS_DESC: 'Computer Science, BS',
          LEVL_CODE: 'UG',
        }),
      ],
    });
  });

  // Source: account-detail-reviews by ?id= (experience-ethos-examples account-details), student-charges
  // and student-payments v16 by student (StudentCharges_V16_0_0.cs, StudentPayments_V16_0_0.cs).
  it('financial-account-summary: account-detail-reviews by ?id= when the key may read it, else (403 here) charges minus payments', async () => {
    const summary = await sis.read('financial-account-summary', student);
    expect(summary).toMatchObject({
      CHARGES_DETAIL: { CHARGES_BALANCE: 1250.5, CHARGES_AMOUNT_DUE: 1250.5 },
    });
    fake.fail('account-detail-reviews', { kind: 'status', status: 403 }, 1);
    const fallback = await ethosSisFor(fake).read('financial-account-summary', student);
    expect(fallback).toMatchObject({
      CHARGES_DETAIL: { CHARGES_BALANCE: 1250.5, CHARGES_PAYMENTS_RXD: 1749.5 },
    });
  });

  // Source: none; the reads no Ethos model serves.
  it('reads Ethos has no model for answer empty, not an error', async () => {
    expect(await sis.read('nudges', student)).toEqual([]);
    // The degree audit (issue 92) comes from a campus's audit system, not Ethos.
    const reads = ['bookstore', 'financial-aid-info', 'emergency-info', 'degree-progress'] as const;
    for (const read of reads) {
      expect(await sis.read(read, student)).toMatchObject({ p_result: 'Warning' });
    }
  });

  // Source: subjects v6, rooms v10, buildings, academic-periods v16 (the code tables), as above.
  it('code tables are read once for everyone: a second student page costs no subject, room or building call', async () => {
    const tables = ['subjects', 'rooms', 'buildings', 'academic-periods'];
    const counted = () => tables.reduce((n, t) => n + fake.callsTo(t).length, 0);
    await sis.read('schedule', student, '202604');
    const loaded = counted();
    await sis.read('schedule', { username: 'asmith', persona: null }, '202604');
    await sis.read('courses', student, '202604');
    await sis.read('term-info', student);
    expect(counted()).toBe(loaded);
  });
});
