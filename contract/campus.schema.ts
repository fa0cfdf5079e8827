import { z } from 'zod';

const url = (fallback: string) => z.url().default(fallback);

/** One link of the footer: label as shown, address (absolute, or a path of this site like /next-steps/). */
const linkSchema = z.object({
  label: z.string().min(1),
  url: z.union([z.url(), z.string().regex(/^\/(?!\/)/)]),
});
export type CampusLink = z.infer<typeof linkSchema>;

const links = (fallback: CampusLink[]) => z.array(linkSchema).default(fallback);
const at = (path: string) => `https://www.campus.example.edu/${path}`;

/**
 * What a university configures: names, addresses, phone numbers, external links. Every default here
 * is a placeholder a campus replaces (through the server's `CAMPUS_CONFIG` file); no other module
 * spells these values.
 */
export const campusSchema = z.object({
  productName: z.string().default('Campus Portal'),
  universityName: z.string().default('Campus University'),
  /** The single-sign-on account's name, as users know it (portal.md §8 provisional modal). */
  ssoName: z.string().default('Odin'),
  timeZone: z.string().default('America/Los_Angeles'),
  links: z
    .object({
      feedback: url('https://help.campus.example.edu/portal-feedback'),
      privacy: url(at('privacy')),
      /** Where a recently admitted user sets up the single-sign-on account. */
      accountManager: url('https://accounts.campus.example.edu/'),
      applicantPortal: url('https://apply.campus.example.edu/'),
    })
    .prefault({}),
  /** portal.md §2 Footer: all external, opening in a new tab. */
  schoolTools: links([
    { label: 'Webmail', url: 'https://mail.campus.example.edu/' },
    // This product's own checklist.
    { label: 'My Next Steps', url: '/next-steps/' },
    { label: 'Library', url: 'https://library.campus.example.edu/' },
    { label: 'Canvas', url: 'https://canvas.campus.example.edu/' },
    { label: 'Registration Hub', url: 'https://register.campus.example.edu/' },
  ]),
  supportAndHelp: links([
    { label: 'Technology Help Desk', url: 'https://help.campus.example.edu/' },
    { label: 'Support Services', url: at('support') },
    { label: 'Campus Public Safety', url: at('public-safety') },
    { label: 'Resource Centers', url: at('resource-centers') },
    { label: 'Student Health & Counseling', url: at('health-counseling') },
  ]),
  /** portal.md §2 Safety menu: the call entry dials `phone` (digits, optional leading +). */
  safety: z
    .object({
      phone: z
        .string()
        .regex(/^\+?[0-9]{7,15}$/, 'digits only, optional leading +')
        .default('+15035550123'),
      emergencyProcedures: url(at('emergency-procedures')),
      otherResources: url(at('safety-resources')),
    })
    .prefault({}),
});
export type Campus = z.infer<typeof campusSchema>;

export const defaultCampus: Campus = campusSchema.parse({});

/** `GET /api/campus` (public): the configuration and the short build hash shown to staff. */
export const siteSchema = z.object({ campus: campusSchema, build: z.string() });
export type Site = z.infer<typeof siteSchema>;
