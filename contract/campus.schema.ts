import { z } from 'zod';

/**
 * What a university configures: names, addresses, phone numbers, external links. Every default here
 * is a placeholder a campus replaces; no other module spells these values.
 */
export const campusSchema = z.object({
  productName: z.string().default('Campus Portal'),
  universityName: z.string().default('Campus University'),
  /** The single-sign-on account's name, as users know it (portal.md §8 provisional modal). */
  ssoName: z.string().default('Odin'),
  timeZone: z.string().default('America/Los_Angeles'),
  links: z
    .object({
      feedback: z.url().default('https://help.campus.example.edu/portal-feedback'),
      privacy: z.url().default('https://www.campus.example.edu/privacy'),
    })
    .prefault({}),
});
export type Campus = z.infer<typeof campusSchema>;

export const defaultCampus: Campus = campusSchema.parse({});
