import { mapUrlAt } from '../../../contract/buildings.schema.js';
import { meetingPlaceSchema } from '../../../contract/sis/schedule.schema.js';
import type { MeetingPlace } from '../../../contract/sis/schedule.schema.js';
import type { EthosBuilding, EthosSite } from './building-model.js';

/**
 * Issue 89: a building as Ethos places it (buildings v11: its address and coordinates), as a class's
 * meeting carries it, so Map and Directions work where the campus lists no buildings of its own
 * (its own list, where it names the building, is used instead: server/sis/places.ts), with the
 * title of its `site` where `siteOf` names one. A building Ethos gives without coordinates or a
 * street, or with a code the contract refuses, has none.
 */
export function placeOf(
  building: EthosBuilding,
  mapPlaceUrl: string,
  siteOf: SiteOf = noSite,
): MeetingPlace | undefined {
  const { address } = building;
  if (address?.latitude === undefined || address.longitude === undefined) return undefined;
  const country = address.place?.country;
  const town = [
    country?.locality,
    [country?.region?.title, country?.postalCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const street = [...address.addressLines, town].filter((line) => line.trim() !== '').join(', ');
  const site = siteOf(building);
  const place = meetingPlaceSchema.safeParse({
    code: building.code,
    name: building.title,
    address: street,
    latitude: address.latitude,
    longitude: address.longitude,
    mapUrl: mapUrlAt(mapPlaceUrl, address.latitude, address.longitude),
    ...(site !== undefined && { site }),
  });
  return place.success ? place.data : undefined;
}

/** The title of the site a building stands on, where it is to be shown beside the building's name. */
export type SiteOf = (building: EthosBuilding) => string | undefined;

const noSite: SiteOf = () => undefined;

/** A site title the contract takes (1 to 120 characters), else none: a long one never costs the place. */
const siteTitle = meetingPlaceSchema.shape.site;

/** After a sites read fails, how long places go without sites before the next read asks again. */
export const SITES_RETRY_MS = 5 * 60_000;

/**
 * Issue 89: the site (Ethos `sites` v6, a code table) of each building, named beside the building
 * only where the campus has more than one site ("Science Hall · North Campus"); with one site, or
 * a building that names none, nothing. A sites read that fails (a tenant that has not granted
 * `sites`, an outage) names no site and never fails the read it serves: the buildings and the
 * schedule answer as before, each building by its name. It is told to `onError`, and the sites are
 * not asked for again for `SITES_RETRY_MS`, so a refused resource costs no call on every schedule.
 */
export function siteTitles(
  tables: { sites: { all(): Promise<ReadonlyMap<string, EthosSite>> } },
  clock: () => number,
  onError?: (err: unknown) => void,
): () => Promise<SiteOf> {
  let pausedUntil = -Infinity;
  return async () => {
    if (clock() < pausedUntil) return noSite;
    let sites: ReadonlyMap<string, EthosSite>;
    try {
      sites = await tables.sites.all();
    } catch (err) {
      pausedUntil = clock() + SITES_RETRY_MS;
      onError?.(err);
      return noSite;
    }
    if (sites.size < 2) return noSite;
    return (building) => {
      const site = building.site && sites.get(building.site.id);
      const title = siteTitle.safeParse(site?.title);
      return title.success ? title.data : undefined;
    };
  };
}
