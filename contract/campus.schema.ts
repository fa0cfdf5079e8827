import { z } from 'zod';
import { MAX_PAYMENT_CENTS, paymentProviderSchema } from './payment-provider.schema.js';

const url = (fallback: string) => z.url().default(fallback);

/** One link of the footer: label as shown, address (absolute, or a path of this site like /next-steps/). */
export const linkSchema = /* @__PURE__ */ z.object({
  label: z.string().min(1),
  url: z.union([z.url(), z.string().regex(/^\/(?!\/)/)]),
  /**
   * Issue 76: `en` when a reader of another language gets the label in English (the campus gave
   * none in theirs), so the page marks it English; absent when the label is in the reader's.
   */
  lang: z.literal('en').optional(),
});
export type CampusLink = z.infer<typeof linkSchema>;

/**
 * Issue 87: the most links a list of the campus configuration holds (footer's tools and help, event
 * sites, employee links), and the most video hosts: a configuration over either is refused at start.
 */
export const CAMPUS_LINKS_MAX = 30;
export const VIDEO_HOSTS_MAX = 20;

const links = (fallback: CampusLink[]) =>
  z.array(linkSchema).max(CAMPUS_LINKS_MAX).default(fallback);
const feedUrl = /* @__PURE__ */ z
  .url({ protocol: /^https?$/ })
  .nullable()
  .default(null);
const hexColor = /* @__PURE__ */ z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');

/**
 * A day (or, with `through`, the days in a row through that one) on which no classes meet. The
 * server's loader refuses a `through` before `date` (server/config/campus.ts).
 */
const holidaySchema = /* @__PURE__ */ z.object({
  name: z.string().min(1),
  /** The campus calendar day, `YYYY-MM-DD`. */
  date: z.iso.date(),
  through: z.iso.date().optional(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** Issue 92: what the advisor's booking template (`academics.advisingBooking`) names for the advisor's email. */
export const BOOKING_PLACEHOLDER = '{email}';

const at = (path: string) => `https://www.campus.example.edu/${path}`;

/** portal.md §2 Safety menu (below, `safety`). */
export const safetySchema = /* @__PURE__ */ z.object({
  phone: z
    .string()
    .regex(/^\+?[0-9]{7,15}$/, 'digits only, optional leading +')
    .default('+15035550123'),
  phoneLabel: z.string().min(1).max(40).optional(),
  emergencyProcedures: url(at('emergency-procedures')),
  otherResources: url(at('safety-resources')),
});

/** The placeholder links a campus replaces (footer, safety panel, Community's event sites). */
export const SCHOOL_TOOLS: CampusLink[] = [
  { label: 'Webmail', url: 'https://mail.campus.example.edu/' },
  // This product's own checklist.
  { label: 'Next Steps', url: '/next-steps/' },
  { label: 'Library', url: 'https://library.campus.example.edu/' },
  { label: 'Canvas', url: 'https://canvas.campus.example.edu/' },
  { label: 'Registration Hub', url: 'https://register.campus.example.edu/' },
];
export const SUPPORT_AND_HELP: CampusLink[] = [
  { label: 'Technology Help Desk', url: 'https://help.campus.example.edu/' },
  { label: 'Support Services', url: at('support') },
  { label: 'Campus Public Safety', url: at('public-safety') },
  { label: 'Resource Centers', url: at('resource-centers') },
  { label: 'Student Health & Counseling', url: at('health-counseling') },
];
export const EVENT_SITES: CampusLink[] = [
  { label: 'University events calendar', url: at('events') },
  { label: 'Campus groups', url: 'https://groups.campus.example.edu/events' },
];

/**
 * What a university configures: names, addresses, phone numbers, external links. Every default here
 * is a placeholder a campus replaces (through the server's `CAMPUS_CONFIG` file); no other module
 * spells these values. This is what the browser gets, in the reader's language: the file itself may
 * give some texts in each language (contract/campus-config.schema.ts).
 */
export const campusSchema = /* @__PURE__ */ z.object({
  productName: z.string().default('Campus Portal'),
  universityName: z.string().default('Campus University'),
  /** The single-sign-on account's name, as users know it (portal.md §8 provisional modal). */
  ssoName: z.string().default('Odin'),
  timeZone: z.string().default('America/Los_Angeles'),
  /**
   * Phone numbers (contract/phone.rules.ts): a number written without `+` and a country code is read
   * as one of `defaultCountry` (ISO 3166 alpha-2, checked at start-up), and shown in its national
   * form; others in their international form.
   */
  phone: z
    .object({
      defaultCountry: z
        .string()
        .regex(/^[A-Z]{2}$/, 'two capital letters')
        .default('US'),
    })
    .prefault({}),
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
  schoolTools: links(SCHOOL_TOOLS),
  supportAndHelp: links(SUPPORT_AND_HELP),
  /** The Academics page (portal.md §3 Academics, §5 veteran benefits). */
  academics: z
    .object({
      /** Where a student eligible for veteran benefits (VETERAN_ELIGIBILITY "Y") certifies them. */
      veteranCertificationForm: url(
        'https://forms.campus.example.edu/veteran-benefit-certification',
      ),
      /** Who explains veteran benefits to a student not (yet) eligible. */
      veteransOffice: url(at('veterans')),
      /** What an employee without a student role finds instead of student sections. */
      employeeLinks: links([
        {
          label: 'Faculty and advisor self-service',
          url: 'https://register.campus.example.edu/faculty',
        },
        { label: 'Class schedule search', url: 'https://register.campus.example.edu/schedule' },
        { label: 'Academic calendar', url: at('academic-calendar') },
      ]),
      /**
       * Issue 92: the campus's booking page for a student's advisor (EAB Navigate, Starfish or its
       * own), `{email}` standing for the advisor's email as the SIS gives it (ADV_EMAIL_ADDRESS;
       * the server refuses a template without it at start-up). Unset: no "Book with my advisor".
       */
      advisingBooking: z.url({ protocol: /^https$/ }).optional(),
    })
    .prefault({}),
  /** Account page "Keeping it current": where the university's own systems update each record. */
  account: z
    .object({
      updateContactInfo: url(at('update-contact-information')),
      updateEmergencyContacts: url(at('update-emergency-contacts')),
      updatePersonalInfo: url(at('update-personal-information')),
    })
    .prefault({}),
  /** Finances page links. */
  finances: z
    .object({
      payOnline: url('https://pay.campus.example.edu/'),
      financialAidOffice: url(at('financial-aid')),
      /**
       * Issue 89: how Finances pays, written by the server from PAYMENT_PROVIDER and the campus's
       * `payments` limits (a campus file's value is replaced): `link` opens `payOnline` as before;
       * a provider shows the Pay form, "another amount" bounded by the limits, in cents.
       */
      pay: z
        .object({
          provider: paymentProviderSchema.default('link'),
          minimumCents: z.number().int().min(1).max(MAX_PAYMENT_CENTS).default(100),
          maximumCents: z.number().int().min(1).max(MAX_PAYMENT_CENTS).default(MAX_PAYMENT_CENTS),
        })
        .prefault({}),
    })
    .prefault({}),
  /**
   * Origins of the privacy-enhanced video players content may embed (post type video_embed); the
   * page's CSP frame-src allows these and nothing wider.
   */
  videoHosts: z
    .array(z.url({ protocol: /^https$/ }).regex(/^https:\/\/[^/]+$/, 'an origin, no path'))
    .max(VIDEO_HOSTS_MAX)
    .default(['https://www.youtube-nocookie.com']),
  /**
   * portal.md §2 Safety menu: the call entry dials `phone` (digits, optional leading +) and shows
   * `phoneLabel`; unset, the server writes it from `phone` by the phone rule (so the portal's first
   * page needs no phone-number library).
   */
  safety: safetySchema.prefault({}),
  /**
   * The university's emergency-alert RSS feed (portal.md §7 rave-messages), read by the server.
   * Unset: the bundled sample feed.
   */
  emergencyAlertsFeed: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * portal.md §2 Event Calendar, §7: where the server reads the events and news feeds. Unset (null),
   * the bundled sample feed answers. Shown to everyone through `/api/campus`: give public feed
   * addresses only.
   */
  feeds: z
    .object({
      /** The university's events calendar, as iCalendar (`.ics`). */
      universityEvents: feedUrl,
      /** The campus-group platform's events RSS (items carry `privacyLevel`). */
      campusGroupEvents: feedUrl,
      /** The campus-group platform's news, RSS or Atom. */
      campusGroupNews: feedUrl,
    })
    .prefault({}),
  /**
   * The installed app (issue 44): the home-screen icon is made from `logo` (a square PNG, JPEG or SVG
   * file on the server, its path relative to the campus configuration file; null: the default mark),
   * and the colours of the window's title bar and splash screen in each theme.
   */
  app: z
    .object({
      logo: z.string().min(1).nullable().default(null),
      themeColor: z
        .object({ light: hexColor.default('#1f4e79'), dark: hexColor.default('#163a5a') })
        .prefault({}),
      backgroundColor: z
        .object({ light: hexColor.default('#f3f4f6'), dark: hexColor.default('#121419') })
        .prefault({}),
    })
    .prefault({}),
  /**
   * Campus holidays of the academic year, on which no classes meet: Today's Classes and the week's
   * schedule leave them out, and the personal calendar writes them as EXDATE on each class. A campus
   * lists its own each year; without CAMPUS_CONFIG the sample campus's (contract/sample-holidays.ts).
   */
  holidays: z.array(holidaySchema).max(200).default([]),
  /** portal.md §2 Event Calendar: away from the dashboard the block links to these event sites. */
  eventSites: links(EVENT_SITES),
  /**
   * Issue 76: the campus's names, in the reader's language, for values the records write in
   * English (a program, a degree, a hold, an office, a tool), by the value as the records write it.
   * `GET /api/campus` answers the reader's; a value without one is shown as written, marked English.
   * An object whose every property is a name (`catchall`), not `z.record`: the same JSON, and the
   * browser's first route does not carry zod's record parser (about 900 bytes gzip) for it.
   */
  recordNames: z.object({}).catchall(z.string().min(1)).default({}),
  /**
   * Browser errors also go to this Sentry-compatible service when `dsn` is set (its code is loaded
   * only then); unset, nothing leaves the campus. next-steps.md §9: traces sampled at 0.05.
   */
  errorReporting: z
    .object({
      dsn: z.url().nullable().default(null),
      tracesSampleRate: z.number().min(0).max(1).default(0.05),
    })
    .prefault({}),
});
export type Campus = z.infer<typeof campusSchema>;

export const defaultCampus: Campus = campusSchema.parse({});

/** `GET /api/campus` (public): the configuration and the short build hash shown to staff. */
export const siteSchema = /* @__PURE__ */ z.object({ campus: campusSchema, build: z.string() });
export type Site = z.infer<typeof siteSchema>;
