import { defaultCampus, siteSchema } from '../../contract/campus.schema.js';
import type { Site } from '../../contract/campus.schema.js';
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
