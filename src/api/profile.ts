import { userProfileListSchema } from '../../contract/profile.schema.js';
import type { UserProfile } from '../../contract/profile.schema.js';
import type { Http } from './client.js';

/** `GET /api/psu_user_profile`: the first item is the user's profile; none means no profile yet. */
export async function fetchProfile(http: Http): Promise<UserProfile | null> {
  const list = userProfileListSchema.parse(await http.get('psu_user_profile').json());
  return list[0] ?? null;
}
