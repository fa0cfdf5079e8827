import { useLingui } from '@lingui/react/macro';
import { campusMapList } from '../../../lib/campus-map.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import { CampusMap } from '../../../ui/portal/map/campus-map.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { usePageTitle } from '../shared/page-title.js';
import { usePageRead } from '../shared/use-page-read.js';
import { languageOf } from './map-reads.js';
import type { MapLoad } from './map-reads.js';

// The route's loader starts the page's reads from the page's own chunk.
export { pageReads } from './map-reads.js';

const mapRoute = portalRouteApi('/map');

/**
 * Issue 89, `/map`: the campus's buildings in the reader's language, searched by the address's
 * `?q=` (typing replaces it, so Back leaves the page rather than each letter), today's classes'
 * buildings first. Today's classes that could not be read mark nothing: the list stands.
 */
export function MapContainer() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Campus map`);
  const { reads }: MapLoad = mapRoute.useLoaderData();
  const { q = '' } = mapRoute.useSearch();
  const navigate = mapRoute.useNavigate();
  const buildings = usePageRead(reads, 'buildings', languageOf(i18n.locale));
  const today = usePageRead(reads, 'today');
  const entries = campusMapList(buildings.data ?? [], today.data ?? [], q, i18n.locale);
  return (
    <CampusMap
      toolbar={<PageToolbar title={t`Campus map`} titleId="map-title" />}
      query={q}
      onQuery={(query) =>
        void navigate({ search: query === '' ? {} : { q: query }, replace: true })
      }
      status={buildings.status}
      entries={entries}
      onRetry={buildings.retry}
    />
  );
}
