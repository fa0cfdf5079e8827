import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  isPhoneCountry,
  smsNumberSchema,
  toE164,
} from '../../contract/phone.rules.js';

describe('the one phone-number rule', () => {
  it.each([
    ['(503) 555-0142', '+15035550142'],
    ['503.555.0142', '+15035550142'],
    [' 503 555 0142 ', '+15035550142'],
    ['1-503-555-0142', '+15035550142'],
    ['+1 503 555 0142', '+15035550142'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %j in the campus country, or its own with +, as %s', (typed, stored) => {
    expect(toE164(typed, 'US')).toBe(stored);
  });

  it.each([
    '5550142',
    '555-0142',
    '1234567890123456789',
    '+1234567890123456',
    '503-555-0142 ext 5',
    '5035550142x',
    'call me',
    '44 20 7946 0958',
    '',
  ])('refuses %j: not a valid number of the campus country, nor + and a country', (typed) => {
    expect(toE164(typed, 'US')).toBeUndefined();
  });

  it('reads a number without + in the campus country the campus configured', () => {
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('020 7946 0958', 'US')).toBeUndefined();
  });

  it('knows the countries libphonenumber knows, and no others', () => {
    expect(isPhoneCountry('US')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(toE164('503 555 0142', 'XX')).toBeUndefined();
  });

  it('the form’s schema stores E.164, removes the number when empty, and says why it refuses', () => {
    const schema = smsNumberSchema('US');
    expect(schema.parse('(503) 555-0142')).toBe('+15035550142');
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('  ')).toBeNull();
    const refused = schema.safeParse('555-0142');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^must be a phone number/);
  });

  it.each([
    ['+15035550142', '(503) 555-0142'],
    ['5035550142', '(503) 555-0142'],
    ['+442079460958', '+44 20 7946 0958'],
    ['12', ''],
    [null, ''],
  ])('shows %j as %j', (stored, shown) => {
    expect(formatPhoneNumber(stored, 'US')).toBe(shown);
  });
});
