import { z } from 'zod';
import { placeSchema } from './place.schema.js';

/**
 * Issue 89, maps to classes: the campus's buildings, campus data (the campus configuration's
 * `buildings`, contract/campus-config.schema.ts), as `GET /api/campus/buildings` answers them in the
 * reader's language. A class's place names its building by code ("CH") or by name ("Cramer Hall"),
 * as the SIS writes it; `buildingOf` finds it either way.
 */

/** At most this many buildings: a large university has a few hundred. */
export const MAX_BUILDINGS = 1000;

/** One building in the reader's language: its place, and what the campus says of it. */
export const buildingSchema = placeSchema.extend({
  /** `en` where the campus gave the name in English only and the reader reads another language. */
  lang: z.literal('en').optional(),
  /**
   * Other names the records write for it ("CRAMER", its English name where the reader's differs):
   * a class's place is found by any of them.
   */
  aka: z.array(z.string().min(1).max(120)).max(10).optional(),
  /** Where the step-free entrance is, in words. */
  accessibleEntrance: z.string().min(1).max(300).optional(),
  /** A photo of the building (https). */
  photo: z
    .url({ protocol: /^https$/ })
    .max(2048)
    .optional(),
});
export type Building = z.infer<typeof buildingSchema>;

/** `GET /api/campus/buildings`. */
export const buildingsAnswerSchema = z.strictObject({
  buildings: z.array(buildingSchema).max(MAX_BUILDINGS),
});
export type BuildingsAnswer = z.infer<typeof buildingsAnswerSchema>;

/** The map address template's default: OpenStreetMap at the building's coordinates. */
export const DEFAULT_MAP_PLACE_URL =
  'https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=18/{lat}/{lon}';

/** The template with a building's coordinates in it. */
export const mapUrlAt = (template: string, latitude: number, longitude: number) =>
  template.replaceAll('{lat}', String(latitude)).replaceAll('{lon}', String(longitude));

const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The building a class's place names: by code, name or another name the records use, whatever the
 * case and spacing, or null (a place the campus did not list, "Online").
 */
export function buildingOf<B extends Pick<Building, 'code' | 'name' | 'aka'>>(
  buildings: readonly B[],
  place: string | null | undefined,
): B | null {
  if (!place) return null;
  const wanted = key(place);
  return (
    buildings.find((b) => [b.code, b.name, ...(b.aka ?? [])].some((n) => key(n) === wanted)) ?? null
  );
}
