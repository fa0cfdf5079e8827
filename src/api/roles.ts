import { rolesSchema } from '../../contract/roles.schema.js';
import type { Roles } from '../../contract/roles.schema.js';
import type { Http } from './client.js';

/** `POST /api/users/roles`: the user's roles, refreshed from the student information system. */
export async function refreshRoles(http: Http): Promise<Roles> {
  return rolesSchema.parse(await http.post('users/roles').json());
}
