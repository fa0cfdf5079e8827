import { buildingsAnswerSchema } from '../../contract/buildings.schema.js';
import type { Building } from '../../contract/buildings.schema.js';
import { defaultCampus, siteSchema } from '../../contract/campus.schema.js';
import type { Site } from '../../contract/campus.schema.js';
import type { Language } from '../../contract/language.schema.js';
import type { Http } from './client.js';

/** The id of the `<script type="application/json">` the server embeds in every app page. */
export const CAMPUS_CONFIG_ID = 'campus-config';

/** The configuration the server embedded in the page, parsed with its schema; null when absent or bad. */
export function embeddedSite(doc: Document | undefined = globalThis.document): Site | null {
  const text = doc?.getElementById(CAMPUS_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = siteSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The site the page carries, else the built-in defaults: synchronous, for what starts before the app. */
export const pageSite = (): Site => embeddedSite() ?? { campus: defaultCampus, build: 'unknown' };

/**
 * The university's configuration and the build hash: from the page itself (no round trip before the
 * first call), else `GET /api/campus`. The portal must still show its screens (including the error
 * screens) when both fail, so failure falls back to the built-in defaults.
 */
export async function loadSite(http: Http): Promise<Site> {
  const embedded = embeddedSite();
  if (embedded) return embedded;
  try {
    return siteSchema.parse(await http.get('campus').json());
  } catch {
    return { campus: defaultCampus, build: 'unknown' };
  }
}

/**
 * The configuration with its texts in `language` (issue 59: a campus may name the portal, its tools
 * and the safety number per language): the page carries the English, so the portal asks again when
 * the person reads another language, or switches back. Null when it cannot be read: the texts stay.
 */
export async function fetchSiteIn(http: Http, language: Language): Promise<Site | null> {
  try {
    return siteSchema.parse(await http.get('campus', { searchParams: { language } }).json());
  } catch {
    return null;
  }
}

/**
 * Keeps the configuration's texts in the page's language (issue 59): told each language the page
 * switches to, asks for the site in it unless it has it already, and hands it to `show`; a later
 * switch wins over an answer still on its way. `has`: the language of the site the page started
 * with (the embedded one is English), null when unknown.
 */
export function followSiteLanguage(
  http: Http,
  show: (site: Site) => void,
  has: Language | null = embeddedSite() ? 'en' : null,
): (language: Language) => Promise<void> {
  let wanted = has;
  return async (language) => {
    if (language === wanted) return;
    wanted = language;
    const site = await fetchSiteIn(http, language);
    if (site && wanted === language) show(site);
  };
}

/**
 * The campus's buildings in `language` (issue 89, `GET /api/campus/buildings`), parsed with their
 * schema: the campus map's list. Kept by the service worker as a public read, so the list stands
 * offline (worker/kept-answers.ts).
 */
export async function fetchBuildings(http: Http, language: Language): Promise<Building[]> {
  const answer = await http.get('campus/buildings', { searchParams: { language } }).json();
  return buildingsAnswerSchema.parse(answer).buildings;
}
