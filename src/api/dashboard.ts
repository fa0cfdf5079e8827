import { dashboardBlocksSchema } from '../../contract/dashboard.schema.js';
import type { DashboardBlock, DashboardLayout } from '../../contract/dashboard.schema.js';
import type { Preferences } from '../../contract/preferences.schema.js';
import { savePreference } from './preferences.js';
import type { Http } from './client.js';

/** `GET /api/dashboard/blocks`: the blocks no one may hide. */
export async function fetchMandatoryBlocks(http: Http): Promise<DashboardBlock[]> {
  return dashboardBlocksSchema.parse(await http.get('dashboard/blocks').json()).mandatory;
}

/** `PUT /api/preferences/{pk}` with the dashboard layout (null: the role's default). */
export async function saveDashboardLayout(
  http: Http,
  pk: number,
  layout: DashboardLayout,
): Promise<Preferences> {
  return savePreference(http, pk, { dashboard_layout: layout });
}
