import { z } from 'zod';
import {
  CAMPUS_LINKS_MAX,
  campusSchema,
  EVENT_SITES,
  linkSchema,
  safetySchema,
  SCHOOL_TOOLS,
  SUPPORT_AND_HELP,
} from './campus.schema.js';
import type { Campus } from './campus.schema.js';
import { officeKey } from './office.rules.js';
import { buildingSchema, DEFAULT_MAP_PLACE_URL, MAX_BUILDINGS } from './buildings.schema.js';
import type { Building } from './buildings.schema.js';

/**
 * A text of the campus configuration a person reads (issue 59): one string for every language, or
 * one per language, English required: `{ "en": "Campus Portal", "es": "Portal del Campus" }`. A
 * language without its own version reads the English.
 */
const localized = (text: z.ZodString) =>
  z.union([text, z.strictObject({ en: text, es: text.optional() })]);
const localizedTextSchema = localized(z.string().min(1));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Issue 89: a building as the campus lists it, its name and entrance per language if it likes. */
const buildingConfigSchema = buildingSchema
  .omit({ name: true, lang: true, accessibleEntrance: true, mapUrl: true })
  .extend({
    name: localized(z.string().min(1).max(120)),
    accessibleEntrance: localized(z.string().min(1).max(300)).optional(),
  });
export type BuildingConfig = z.input<typeof buildingConfigSchema>;

const localizedLinkSchema = linkSchema.extend({ label: localizedTextSchema });
export type LocalizedLink = z.infer<typeof localizedLinkSchema>;
const localizedLinks = (fallback: z.input<typeof localizedLinkSchema>[]) =>
  z.array(localizedLinkSchema).max(CAMPUS_LINKS_MAX).default(fallback);

/** The most offices whose calendars the server reads (issue 92). */
export const APPOINTMENT_CALENDARS_MAX = 50;

/**
 * The `CAMPUS_CONFIG` file as the server reads it: the campus configuration (contract/
 * campus.schema.ts) whose texts a person reads may each be given per language: the portal's and
 * the university's names, the footer's tool and help links, the event sites and the safety menu's
 * number label. The browser gets one language's version (`campusIn`). It holds, too, what only the
 * server reads (the LMS hosts, the campus-group feed's fields, reminders, push): a campus's own.
 */
export const campusConfigSchema = campusSchema.extend({
  productName: localizedTextSchema.default('Campus Portal'),
  universityName: localizedTextSchema.default('Campus University'),
  schoolTools: localizedLinks(SCHOOL_TOOLS),
  supportAndHelp: localizedLinks(SUPPORT_AND_HELP),
  eventSites: localizedLinks(EVENT_SITES),
  safety: safetySchema
    .extend({ phoneLabel: localized(z.string().min(1).max(40)).optional() })
    .prefault({}),
  /**
   * Issue 76: the campus's Spanish names for values the records write in English, by the English:
   * `{ "Computer Science": { "es": "Ciencias de la Computación" } }` (contract/campus.schema.ts).
   */
  recordNames: z
    .record(z.string().min(1), z.strictObject({ es: z.string().min(1).optional() }))
    .default({}),
  /**
   * Issue 89: the buildings classes and events meet in (`GET /api/campus/buildings`, the calendar
   * feed's LOCATION and GEO), each code once; without CAMPUS_CONFIG, the sample campus's.
   */
  buildings: z
    .array(buildingConfigSchema)
    .max(MAX_BUILDINGS)
    .default([])
    .refine(
      (list) => new Set(list.map((b) => b.code.toUpperCase())).size === list.length,
      'each building code once',
    ),
  /**
   * The campus's map: the address of a place on it, `{lat}` and `{lon}` standing for a building's
   * coordinates (default: OpenStreetMap).
   */
  maps: z
    .object({
      placeUrl: z
        .url({ protocol: /^https?$/ })
        .max(1024)
        .refine((url) => url.includes('{lat}') && url.includes('{lon}'), 'names {lat} and {lon}')
        .default(DEFAULT_MAP_PLACE_URL),
    })
    .prefault({}),
  // What only the server reads: never in `GET /api/campus`, nor in the browser's first route.
  /**
   * Coursework deadlines (issue 45): the hosts of the learning management systems whose private
   * calendar feed (`https://<host>/…ics`) a student may paste on Account. Each entry is a host name
   * (`canvas.campus.example.edu`) or `host:port`; an address on any other host is refused. A
   * loopback or private host is reachable only when named here; every other host must resolve to
   * public addresses.
   */
  lms: z
    .object({
      calendarHosts: z
        .array(
          z
            .string()
            .toLowerCase()
            .regex(
              /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[0-9]{1,5})?$/,
              'a host name or host:port, no scheme or path',
            ),
        )
        .max(50)
        .default([]),
    })
    .prefault({}),
  /**
   * How the campus-group platform marks its own fields on each events item: an XML namespace (matched
   * by its URI, whatever prefix the feed binds it to) and the local name of each field in it.
   */
  campusGroups: z
    .object({
      namespace: z.string().min(1).default('https://groups.campus.example.edu/ns/events'),
      fields: z
        .object({
          eventId: z.string().min(1).default('eventId'),
          /** ISO 8601; a time without an offset is campus time. */
          start: z.string().min(1).default('start'),
          end: z.string().min(1).default('end'),
          location: z.string().min(1).default('location'),
          locationType: z.string().min(1).default('locationType'),
          group: z.string().min(1).default('group'),
          /** portal.md §5: 0 and 1 are public. */
          privacyLevel: z.string().min(1).default('privacyLevel'),
        })
        .prefault({}),
    })
    .prefault({}),
  /**
   * Reminders (issue 29), on the campus clock: the days before a Next Steps deadline a reminder goes
   * out when staff set none on the task; when the weekly digest of overdue tasks goes out (ISO
   * weekday, 1 Monday … 7 Sunday, and hour); and the morning hour, when the daily digest and a
   * reminder on the deadline's own day (0 days before) go out; and the evening hour, when an
   * appointment's reminder the evening before goes out.
   */
  reminders: z
    .object({
      offsets: z.array(z.number().int().min(0).max(60)).min(1).max(5).default([3, 1]),
      weeklyDigest: z
        .object({
          weekday: z.number().int().min(1).max(7).default(1),
          hour: z.number().int().min(0).max(23).default(9),
        })
        .prefault({}),
      morningHour: z.number().int().min(0).max(23).default(7),
      /** The campus hour of a reminder the evening before (an appointment's, issue 92). */
      eveningHour: z.number().int().min(0).max(23).default(18),
    })
    .prefault({}),
  /**
   * Degree progress (issue 92): a student this close to the credits their degree requires is in
   * their last two terms (two full-time terms' credits: 30 on a quarter calendar at 15 a term; a
   * semester campus at 12–15 a term sets 24–30); then a requirement still needed and not in
   * progress becomes a Next Steps task to meet their advisor.
   */
  degreeProgress: z
    .object({ lastTermsCredits: z.number().min(0).max(200).default(30) })
    .prefault({}),
  /**
   * Appointments (issue 92) from each office's iCalendar address, for a campus whose booking system
   * cannot post them: `office` is the office as appointments and campaigns name it, `url` the
   * calendar's address — a bearer secret, never logged or shown; https (plain http only to a
   * loopback host, server/config/campus.ts) — read every `refreshMinutes` (at least 5).
   */
  appointments: z
    .object({
      calendars: z
        .array(
          z.strictObject({
            office: z.string().trim().min(1).max(200),
            url: z.url({ protocol: /^https?$/ }).max(2048),
            refreshMinutes: z.number().int().min(5).max(1440).default(15),
          }),
        )
        .max(APPOINTMENT_CALENDARS_MAX)
        .default([])
        .refine(
          (list) => new Set(list.map((c) => officeKey(c.office))).size === list.length,
          'each office once',
        ),
    })
    .prefault({}),
  /**
   * Web push: how many devices one person may turn notifications on for. A device past it replaces
   * the person's oldest one, so a new phone always works and no one can fill the store.
   */
  push: z
    .object({ maxDevicesPerPerson: z.number().int().min(1).max(100).default(10) })
    .prefault({}),
});
export type CampusConfig = z.infer<typeof campusConfigSchema>;

/** The campus every reader gets, and beside it what only the server reads. */
export type ServerCampus = Campus &
  Pick<
    CampusConfig,
    'lms' | 'campusGroups' | 'reminders' | 'appointments' | 'push' | 'maps' | 'degreeProgress'
  > & {
    /** The buildings in the reader's language (`GET /api/campus/buildings`). */
    buildings: Building[];
  };

/** The configuration without CAMPUS_CONFIG: the sample campus's. */
export const defaultCampusConfig: CampusConfig = campusConfigSchema.parse({});
