import type { ContactInfo } from '../../contract/sis/contact-info.schema.js';
import { formatPhone } from './phone.js';

const present = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * portal.md §3 contact_info: phone_number, else banner_phone_number, formatted per §5 (`country`: the
 * campus's phone country, campus configuration).
 */
export function contactPhone(contact: ContactInfo, country: string): string {
  return formatPhone(
    present(contact.phone_number) ?? present(contact.banner_phone_number),
    country,
  );
}

/** portal.md §3 contact_info: email, else banner_email. */
export function contactEmail(contact: ContactInfo): string | null {
  return present(contact.email) ?? present(contact.banner_email);
}

/** The mailing address as lines: streets, then "City, ST 97201". Empty when none is on record. */
export function addressLines(contact: ContactInfo): string[] {
  const place = [present(contact.city), present(contact.state)].filter(Boolean).join(', ');
  const last = [place, present(contact.zip)].filter(Boolean).join(' ');
  return [present(contact.street_line_1), present(contact.street_line_2), present(last)].filter(
    (line): line is string => line !== null,
  );
}

/** portal.md §8 "Contact info not available": no address, phone or email at all. */
export function hasContactInfo(contact: ContactInfo, country: string): boolean {
  return (
    addressLines(contact).length > 0 ||
    contactPhone(contact, country) !== '' ||
    !!contactEmail(contact)
  );
}
