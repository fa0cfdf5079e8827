import { preferencesSchema } from '../../contract/preferences.schema.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import type { Http } from './client.js';

/** `PUT /api/preferences/{pk}` with exactly one preference field. */
export async function savePreference(
  http: Http,
  pk: number,
  change: PreferenceChange,
): Promise<Preferences> {
  return preferencesSchema.parse(await http.put(`preferences/${pk}`, { json: change }).json());
}

/** `PATCH /api/preferences/{pk}`: the profile photo toggle (ID photo when true, initials when false). */
export async function setUseProfilePhoto(
  http: Http,
  pk: number,
  usePhoto: boolean,
): Promise<Preferences> {
  const answer = await http.patch(`preferences/${pk}`, { json: { use_profile_photo: usePhoto } });
  return preferencesSchema.parse(await answer.json());
}
