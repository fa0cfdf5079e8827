import { describe, expect, it } from 'vitest';
import { formatPhone, telHref, withoutSeparators } from '../../src/lib/phone.js';

describe('phone numbers', () => {
  it.each([
    ['5035550123', '(503) 555-0123'],
    ['503-555-0123', '(503) 555-0123'],
    ['(503) 555 0123', '(503) 555-0123'],
    ['+15035550123', '+1 (503) 555-0123'],
    ['15035550123', '+1 (503) 555-0123'],
  ])('are formatted as (ddd) ddd-dddd with an optional +1: %s → %s', (raw, shown) => {
    expect(formatPhone(raw)).toBe(shown);
  });

  it.each(['', '555-0123', '+44 20 7946 0958', 'call us', null, undefined])(
    'an unmatched number yields nothing: %j',
    (raw) => {
      expect(formatPhone(raw)).toBe('');
    },
  );

  it.each(['50355501234', '5035550123 ext 9', '95035550123', '+25035550123', '++15035550123'])(
    'an unmatched number yields nothing, even when ten of its digits would match: %j',
    (raw) => {
      expect(formatPhone(raw)).toBe('');
    },
  );

  it('dial through a tel: address of digits and a leading +', () => {
    expect(telHref('+1 (503) 555-0123')).toBe('tel:+15035550123');
  });

  it('are saved without their separators', () => {
    expect(withoutSeparators(' (503) 555-0142 ')).toBe('5035550142');
    expect(withoutSeparators('+1 503.555.0142')).toBe('+15035550142');
  });
});
