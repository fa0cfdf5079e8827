import { z } from 'zod';

/**
 * Issue 89: a building's place, as a class's meeting carries it (contract/sis/courses.schema.ts)
 * and as the campus's buildings list extends it (contract/buildings.schema.ts). Kept small: the
 * first route parses it with today's classes.
 */
export const placeSchema = /* @__PURE__ */ z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'letters, digits, spaces, dots and dashes'),
  name: z.string().min(1).max(120),
  /** The street address, as a map or a calendar writes it. */
  address: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The building on the campus's map: the configured address template at its coordinates. */
  mapUrl: z.url({ protocol: /^https?$/ }).max(2048),
});
export type Place = z.infer<typeof placeSchema>;
