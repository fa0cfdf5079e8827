import { describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../contract/sis/emergency-info.schema.js';
import { byPriority, emergencyName, emergencyPhone } from '../../src/lib/emergency.js';

const contact = (id: number, priority: number, more: Partial<EmergencyContact> = {}) =>
  ({
    id,
    priority,
    first_name: `First${id}`,
    middle_name: null,
    last_name: 'Valencia',
    street_line_1: null,
    city: null,
    state: null,
    nation_code: null,
    nation_description: null,
    zip: null,
    area_code: '503',
    phone_number: '5550177',
    extension: null,
    relation_code: 'M',
    relation_description: 'Mother',
    ...more,
  }) satisfies EmergencyContact;

describe('emergency contacts', () => {
  it('are sorted by priority, ascending', () => {
    const sorted = byPriority([contact(1, 3), contact(2, 1), contact(3, 2)]);
    expect(sorted.map((c) => c.priority)).toEqual([1, 2, 3]);
  });

  it('their phone is the area code and number formatted as (ddd) ddd-dddd, with any extension', () => {
    expect(emergencyPhone(contact(1, 1), 'US')).toBe('(503) 555-0177');
    expect(emergencyPhone(contact(1, 1, { extension: '12' }), 'US')).toBe('(503) 555-0177 ext. 12');
    expect(emergencyPhone(contact(1, 1, { area_code: null, phone_number: '5550177' }), 'US')).toBe(
      '',
    );
  });

  it('their name joins first, middle and last names', () => {
    expect(emergencyName(contact(1, 1, { middle_name: 'E' }))).toBe('First1 E Valencia');
  });
});
