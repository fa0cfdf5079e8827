import type { EmergencyContact } from '../../contract/sis/emergency-info.schema.js';
import { formatPhone } from './phone.js';

/** portal.md §3 Emergency info: contacts sorted by priority, ascending (a new list). */
export function byPriority(contacts: readonly EmergencyContact[]): EmergencyContact[] {
  return [...contacts].sort((a, b) => a.priority - b.priority);
}

/** An emergency contact's number: area code and number formatted per §5, with any extension. */
export function emergencyPhone(contact: EmergencyContact, country: string): string {
  const number = formatPhone(`${contact.area_code ?? ''}${contact.phone_number ?? ''}`, country);
  if (!number) return '';
  return contact.extension ? `${number} ext. ${contact.extension}` : number;
}

/** "Marisol E Valencia". */
export function emergencyName(contact: EmergencyContact): string {
  return [contact.first_name, contact.middle_name, contact.last_name].filter(Boolean).join(' ');
}
