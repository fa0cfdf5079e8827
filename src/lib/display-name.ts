import type { User } from '../../contract/user.schema.js';

/** The fields of the user record (portal.md §3 User) a greeting is made from. */
type Named = Pick<User, 'first_name' | 'last_name'>;

/** The name the portal greets a person by. */
export function displayName(person: Named): string {
  return person.first_name.trim() || person.last_name.trim() || 'there';
}
