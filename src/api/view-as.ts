import { portalViewListSchema } from '../../contract/portal-views.schema.js';
import type { PortalView } from '../../contract/portal-views.schema.js';
import type { Http } from './client.js';

/** `GET /api/view-as/views` (issue 73): who has seen the person's portal, newest first. */
export async function fetchPortalViews(http: Http): Promise<PortalView[]> {
  return portalViewListSchema.parse(await http.get('view-as/views').json());
}
