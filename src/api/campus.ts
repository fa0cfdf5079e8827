import { defaultCampus, siteSchema } from '../../contract/campus.schema.js';
import type { Site } from '../../contract/campus.schema.js';
import type { Http } from './client.js';

/**
 * `GET /api/campus`: the university's configuration and the build hash. The portal must still show
 * its screens (including the error screens) when this call fails, so failure falls back to the
 * built-in defaults.
 */
export async function loadSite(http: Http): Promise<Site> {
  try {
    return siteSchema.parse(await http.get('campus').json());
  } catch {
    return { campus: defaultCampus, build: 'unknown' };
  }
}
