import type { Course as PortalCourse } from '../../../contract/sis/courses.schema.js';
import type { Meeting, MeetingPlace } from '../../../contract/sis/schedule.schema.js';
import { placeOf, siteTitles } from './building-place.js';
import type { SiteOf } from './building-place.js';
import type { EthosClient } from './client.js';
import type { CodeTables } from './code-tables.js';
import type { CatalogueEpoch } from './catalogue-epoch.js';
import { LETTER, SHORT, meetingOnCampus } from './meeting-times.js';
import { Memo } from './memo.js';
import {
  courseSchema,
  instructionalEventSchema,
  registrantSchema,
  registrationSchema,
  sectionSchema,
} from './models.js';
import type { AcademicPeriod, InstructionalEvent, Section } from './models.js';
import type { Owners } from './owners.js';
import { dateOf, termCodeOf } from './terms.js';

/** Sections, their meetings and courses are the catalogue, shared by every student: an hour. */
const CATALOGUE_MS = 3_600_000;

/** One registered class of the term: its section, course, subject and meetings. */
export interface RegisteredClass {
  section: Section;
  title: string;
  courseNumber: string;
  subject: { abbreviation: string; title: string };
  events: InstructionalEvent[];
}

/**
 * courses and schedule: the person's registrations whose status is registered (a drop arrives as
 * `notRegistered` and is left out) → their sections in the term → the sections' courses and subjects
 * and their instructional events.
 */
export class Schedules {
  private readonly sections: Memo<Section>;
  private readonly courses: Memo<{ title: string; number: string; subject: string }>;
  private readonly events: Memo<InstructionalEvent[]>;
  /** Each building's site title, where the campus has more than one site. */
  private readonly sites: () => Promise<SiteOf>;

  constructor(
    private readonly client: EthosClient,
    private readonly tables: CodeTables,
    clock: () => number,
    private readonly owners: Owners,
    private readonly epoch: CatalogueEpoch,
    /** The campus's map address template (`{lat}`, `{lon}`), for a building Ethos places. */
    private readonly mapPlaceUrl?: string,
    /** Told when the sites read fails (the places then go without their sites a while). */
    onSitesError?: (err: unknown) => void,
  ) {
    this.sites = siteTitles(tables, clock, onSitesError);
    this.sections = new Memo(CATALOGUE_MS, 5000, clock);
    this.courses = new Memo(CATALOGUE_MS, 5000, clock);
    this.events = new Memo(CATALOGUE_MS, 5000, clock);
  }

  async registered(personId: string, period: AcademicPeriod): Promise<RegisteredClass[]> {
    if (await this.epoch.moved()) this.clear();
    const registrations = await this.client.list('section-registrations', registrationSchema, {
      criteria: { registrant: { id: personId } },
    });
    for (const r of registrations)
      this.owners.note('section-registrations', r.id, { kind: 'person', subject: personId });
    const kept = registrations.filter((r) => r.status.registrationStatus === 'registered');
    const sections = await Promise.all(kept.map((r) => this.section(r.section.id)));
    // A cancelled section is no class of the student's, whatever the registration still says.
    const ofTerm = sections.filter(
      (s) => s.academicPeriod.id === period.id && s.status?.category !== 'cancelled',
    );
    return Promise.all(ofTerm.map((section) => this.classOf(section)));
  }

  /** The people registered in a section (a change to its time, room or status is theirs). */
  async registrants(sectionId: string): Promise<string[]> {
    const registrations = await this.client.list('section-registrations', registrantSchema, {
      criteria: { section: { id: sectionId } },
    });
    return [...new Set(registrations.map((r) => r.registrant.id))];
  }

  /** A change to a section or its meetings: this process's copies dropped, and every other's. */
  async forget(sectionId: string): Promise<void> {
    this.sections.delete(sectionId);
    this.events.delete(sectionId);
    await this.epoch.move();
  }

  private async classOf(section: Section): Promise<RegisteredClass> {
    const [named, events] = await Promise.all([
      this.named(section),
      this.events.get(section.id, async () => {
        const events = await this.client.list('instructional-events', instructionalEventSchema, {
          criteria: { section: { id: section.id } },
        });
        for (const e of events)
          this.owners.note('instructional-events', e.id, { kind: 'section', subject: section.id });
        return events;
      }),
    ]);
    return { ...named, events };
  }

  /** A section by its GUID (the catalogue's copy), as a transcript grade names it. */
  section(id: string): Promise<Section> {
    return this.sections.get(id, () => this.client.get('sections', id, sectionSchema));
  }

  /** A section's title, course number and subject, from its course; no meetings read. */
  async named(section: Section): Promise<Omit<RegisteredClass, 'events'>> {
    const course = await this.course(section.course.id);
    const subject = await this.tables.subjects.one(course.subject);
    return {
      section,
      title: section.titles[0]?.value ?? course.title,
      courseNumber: course.number,
      subject: { abbreviation: subject?.abbreviation ?? '', title: subject?.title ?? '' },
    };
  }

  /** A course's title, number and subject GUID by the course's GUID. */
  course(id: string) {
    return this.courses.get(id, async () => {
      const c = await this.client.get('courses', id, courseSchema);
      return { title: c.titles[0]?.value ?? '', number: c.number, subject: c.subject.id };
    });
  }

  /** The `courses` answer of a term. */
  async courseList(classes: RegisteredClass[], period: AcademicPeriod): Promise<PortalCourse[]> {
    const term = termCodeOf(period);
    return Promise.all(
      classes.map(async (c) => {
        const place = (await this.placesOf(c.events[0]))[0];
        return {
          SUBJECT: c.subject.abbreviation,
          SUBJECTDESCRIPTION: c.subject.title,
          COURSENUMBER: c.courseNumber,
          COURSETITLE: c.title,
          COURSEREGISTRATIONNUMBER: c.section.code ?? c.section.number,
          SECTIONNO: c.section.number,
          TERMCODE: term,
          TERMDESCRIPTION: period.title,
          CREDITS: c.section.credits[0]?.minimum ?? 0,
          COLLEGE: '',
          DEPARTMENT: '',
          COURSELEVEL: '',
          COURSELOCATION: place?.building ?? '',
          FACULTYNAME: null,
          FACULTYEMAIL: null,
          LECTUREHOURS: null,
          SCHEDULETYPE: '',
          INSTRUCTIONAL_METHOD: c.events.length === 0 ? 'Online' : 'In person',
          AVAIALABLEWAITLIST: 0,
          INITATTENDANCE: 'N',
          ACCEPTEDAID: 'N',
          EXCLUSIONLIST: 'N',
        };
      }),
    );
  }

  /** The `schedule` answer of a term: one meeting per weekly rule, on the campus clock. */
  async meetings(
    classes: RegisteredClass[],
    period: AcademicPeriod,
    zone: string,
  ): Promise<Meeting[]> {
    const term = termCodeOf(period);
    // Where buildings are placed, the sites are read beside the rooms and buildings and waited for
    // once those are read: a sites read that fails (or takes the read's time) costs each place its
    // site, nothing more.
    const sites = this.mapPlaceUrl === undefined ? undefined : this.sites();
    const out: Meeting[] = [];
    for (const c of classes) {
      const base = {
        SUBJECTCODE: c.subject.abbreviation,
        COURSENUMBER: c.courseNumber,
        COURSETITLE: c.title,
        COURSEREGISTRATIONNUMBER: c.section.code ?? c.section.number,
        TERMCODE: term,
      };
      if (c.events.length === 0) {
        out.push({
          ...base,
          DAYS: '',
          DAYSDISPLAY: '',
          STARTTIME: null,
          ENDTIME: null,
          STARTDATE: dateOf(c.section.startOn),
          ENDDATE: dateOf(c.section.endOn ?? period.endOn),
          BUILDING: null,
          ROOM: null,
          LOCATION: null,
          MEETINGTYPE: 'CLAS',
          INSTRUCTIONAL_METHOD: 'Online',
        });
      }
      for (const event of c.events) {
        const m = meetingOnCampus(event, zone);
        const place = (await this.placesOf(event, sites))[0];
        out.push({
          ...base,
          DAYS: m.days.map((d) => LETTER[d]).join(''),
          DAYSDISPLAY: m.days.map((d) => SHORT[d]).join(', '),
          STARTTIME: m.start,
          ENDTIME: m.end,
          STARTDATE: m.startDate,
          ENDDATE: dateOf(
            event.recurrence.repeatRule.type === 'weekly'
              ? (c.section.endOn ?? period.endOn)
              : event.recurrence.timePeriod.endOn,
          ),
          BUILDING: place?.building ?? null,
          ROOM: place?.room ?? null,
          LOCATION: place ? `${place.building} ${place.room}` : null,
          MEETINGTYPE: 'CLAS',
          INSTRUCTIONAL_METHOD: place ? 'In person' : 'Online',
          ...(place?.place && { PLACE: place.place }),
        });
      }
    }
    return out;
  }

  private async placesOf(event: InstructionalEvent | undefined, sites?: Promise<SiteOf>) {
    const places: { building: string; room: string; place: MeetingPlace | undefined }[] = [];
    for (const { location } of event?.locations ?? []) {
      const room = await this.tables.rooms.one(location.room?.id);
      if (!room) continue;
      const building = await this.tables.buildings.one(room.building.id);
      places.push({
        building: building?.title ?? '',
        room: room.number,
        place:
          building && this.mapPlaceUrl
            ? placeOf(building, this.mapPlaceUrl, await sites)
            : undefined,
      });
    }
    return places;
  }

  /** What a change to the catalogue drops. */
  clear(): void {
    this.sections.clear();
    this.courses.clear();
    this.events.clear();
  }
}
