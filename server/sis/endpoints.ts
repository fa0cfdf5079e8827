import { z } from 'zod';
import { rolesSchema } from '../../contract/roles.schema.js';
import { sisIdentitySchema } from '../../contract/sis/identity.schema.js';
import { integrationAnswerSchemas } from '../../contract/sis/integrations.schema.js';
import type { Integration } from '../../contract/sis/integrations.schema.js';
import { staffFacultyInfoSchema } from '../../contract/sis/staff-faculty-info.schema.js';
import { cutSisLists } from './list-cuts.js';
import type { SisListCutObserver } from './list-cuts.js';

/** The ID photo: an image data URL or an https address, never anything a browser would run. */
const idPhotoSchema = z
  .string()
  .regex(/^(data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+|https:\/\/\S+)$/);

/**
 * What the SIS knows of a person beyond the integrations: their roles, their ID photo (portal.md §3
 * User.photo; none on record is null) and, for employees, their office.
 */
export const sisProfileSchema = z.object({
  staff_faculty_info: staffFacultyInfoSchema.nullable(),
  photo: idPhotoSchema.nullable().default(null),
});

/** Every read the SIS port offers, with the answer schema both adapters validate against. */
export const sisSchemas = {
  ...integrationAnswerSchemas,
  roles: rolesSchema,
  profile: sisProfileSchema,
  /** Read at sign-in, never cached: who the person is and what the university's records let them see. */
  identity: sisIdentitySchema,
};
export type SisEndpoint = keyof typeof sisSchemas;
export type SisAnswer<E extends SisEndpoint> = z.infer<(typeof sisSchemas)[E]>;

/** portal.md §9: the default cache freshness. */
export const DEFAULT_FRESH_MINUTES = 5;

/** portal.md §9 cache lifetimes in minutes; reads the table does not name keep the default. */
export const freshMinutes: Record<SisEndpoint, number> = {
  roles: 120,
  identity: 0,
  profile: 240,
  'contact-info': 10,
  'person-info': 240,
  'emergency-info': 240,
  'current-term': 240,
  'term-info': 240,
  gpa: 480,
  schedule: 240,
  courses: 240,
  grades: 240,
  advisor: 240,
  holds: 480,
  standing: 480,
  'curriculum-info': 240,
  /** Issue 92: an audit is rerun when a grade posts or a class is added, not by the minute. */
  'degree-progress': 240,
  bookstore: DEFAULT_FRESH_MINUTES,
  nudges: DEFAULT_FRESH_MINUTES,
  'financial-account-summary': DEFAULT_FRESH_MINUTES,
  'financial-aid-info': DEFAULT_FRESH_MINUTES,
};

/**
 * portal.md §9 "attendance": 60 minutes. The initiation-of-attendance facts are read from the course
 * list but cached apart from it (`/api/academics/attendance`), so a recorded attendance shows within
 * the hour while the course list keeps its 240.
 */
export const ATTENDANCE_FRESH_MINUTES = 60;

/** `clear-cache`'s SIS names and the integration each one refreshes. */
export const clearableIntegrations = {
  EmergencyInfo: 'emergency-info',
  CurriculumInfo: 'curriculum-info',
  ContactInfo: 'contact-info',
  PersonInfo: 'person-info',
} as const satisfies Record<string, Integration>;

/** The same schemas, typed per read so that a generic read gets its own answer type. */
const parsers: { [E in SisEndpoint]: z.ZodType<SisAnswer<E>> } = sisSchemas;

/**
 * Checks an answer against its read's schema: what both adapters hand on is always contract-shaped.
 * Its lists are cut at their ceilings first (issue 87, list-cuts.ts), each cut told to `observe`.
 */
export function parseSisAnswer<E extends SisEndpoint>(
  endpoint: E,
  value: unknown,
  observe?: SisListCutObserver,
) {
  return parsers[endpoint].safeParse(cutSisLists(endpoint, value, observe));
}

/** The schema of one read, typed by the read: how a cached copy of its answer is checked. */
export const sisAnswerSchema = <E extends SisEndpoint>(endpoint: E): z.ZodType<SisAnswer<E>> =>
  parsers[endpoint];

/** The reads that take a term. */
export const isTermRead = (endpoint: SisEndpoint): endpoint is 'courses' | 'schedule' | 'grades' =>
  endpoint === 'courses' || endpoint === 'schedule' || endpoint === 'grades';
