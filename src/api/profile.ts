import { userProfileListSchema } from '../../contract/profile.schema.js';
import type { UserProfile } from '../../contract/profile.schema.js';
import type { Http } from './client.js';

/** `GET /api/psu_user_profile`: the first item of the list, or null when the list is empty. */
export async function fetchUserProfile(http: Http): Promise<UserProfile | null> {
  const [first] = userProfileListSchema.parse(await http.get('psu_user_profile').json());
  return first ?? null;
}
