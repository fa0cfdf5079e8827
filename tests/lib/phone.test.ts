import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/lib/phone.js';
import { telHref } from '../../src/lib/tel.js';

describe('phone numbers', () => {
  it.each([
    ['5035550123', '(503) 555-0123'],
    ['503-555-0123', '(503) 555-0123'],
    ['(503) 555 0123', '(503) 555-0123'],
    ['+15035550123', '(503) 555-0123'],
    ['15035550123', '(503) 555-0123'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
  ])('are shown by the phone rule, nationally in the campus country: %s → %s', (raw, shown) => {
    expect(formatPhone(raw, 'US')).toBe(shown);
  });

  it.each(['', '555-01', 'call us', null, undefined])(
    'something that is not a number yields nothing: %j',
    (raw) => {
      expect(formatPhone(raw, 'US')).toBe('');
    },
  );

  it('dial through a tel: address of digits and a leading +', () => {
    expect(telHref('+1 (503) 555-0123')).toBe('tel:+15035550123');
  });
});
