import { describe, expect, it } from 'vitest';
import type { ContactInfo } from '../../contract/sis/contact-info.schema.js';
import { addressLines, contactEmail, contactPhone, hasContactInfo } from '../../src/lib/contact.js';

const none: ContactInfo = {
  street_line_1: null,
  street_line_2: null,
  city: null,
  state: null,
  zip: null,
  phone_number: null,
  email: null,
  initialized: true,
};

describe('contact information', () => {
  it('the phone is phone_number, formatted as (ddd) ddd-dddd', () => {
    expect(contactPhone({ ...none, phone_number: '5035550142' }, 'US')).toBe('(503) 555-0142');
  });

  it('banner_phone_number is the fallback when phone_number is missing', () => {
    expect(
      contactPhone({ ...none, phone_number: ' ', banner_phone_number: '+15035550100' }, 'US'),
    ).toBe('(503) 555-0100');
  });

  it('an unmatched phone number shows nothing', () => {
    expect(contactPhone({ ...none, phone_number: '555-01' }, 'US')).toBe('');
  });

  it('banner_email is the fallback when email is missing', () => {
    expect(contactEmail({ ...none, banner_email: 'ana@campus.example.edu' })).toBe(
      'ana@campus.example.edu',
    );
    expect(contactEmail({ ...none, email: 'a@b.c', banner_email: 'x@y.z' })).toBe('a@b.c');
  });

  it('the address reads as streets, then "City, ST zip"', () => {
    const contact = { ...none, street_line_1: '1825 SW Broadway', city: 'Portland', state: 'OR' };
    expect(addressLines({ ...contact, zip: '97201' })).toEqual([
      '1825 SW Broadway',
      'Portland, OR 97201',
    ]);
  });

  it('"Contact info not available" when there is no address, phone or email', () => {
    expect(hasContactInfo(none, 'US')).toBe(false);
    expect(hasContactInfo({ ...none, phone_number: 'n/a' }, 'US')).toBe(false);
    expect(hasContactInfo({ ...none, banner_email: 'a@b.c' }, 'US')).toBe(true);
  });
});
