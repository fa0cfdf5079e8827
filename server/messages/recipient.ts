import { hasRole } from '../../contract/roles.rules.js';
import type { RoleHolder } from '../../contract/roles.rules.js';
import { roleSchema } from '../../contract/roles.schema.js';
import type { Recipient } from '../db/repositories/messages.repository.js';

/**
 * The recipient of messages a person is: every role they hold by the portal.md §6 rules (emeritus
 * counts as faculty, a student worker receives staff messages, …), decided here, above the repository.
 */
export function recipientOf(person: RoleHolder & { id: number; username: string }): Recipient {
  return {
    id: person.id,
    username: person.username,
    roles: roleSchema.options.filter((role) => hasRole(person, role)),
  };
}
