import { describe, expect, it } from 'vitest';
import { emailRefusal, textRefusal } from '../../../../server/notify/channels/consent.js';

describe('the consent rule (portal.md §3), written once for planners and senders', () => {
  it('email is on unless contact_by_email is 0 (no preferences yet: on), and needs an address where one is read', () => {
    expect(emailRefusal({ byEmail: null })).toBeNull();
    expect(emailRefusal({ byEmail: 1, email: 'a@pdx.edu' })).toBeNull();
    expect(emailRefusal({ byEmail: 0, email: 'a@pdx.edu' })).toBe('email not allowed');
    expect(emailRefusal({ byEmail: 1, email: null })).toBe('no email address');
    expect(emailRefusal({ byEmail: 1, email: '  ' })).toBe('no email address');
  });

  it('a text needs contact_by_text on (no preferences yet: off) and a number', () => {
    expect(textRefusal({ byText: 1, smsNumber: '+15035550142' })).toBeNull();
    expect(textRefusal({ byText: null, smsNumber: '+15035550142' })).toBe('text not allowed');
    expect(textRefusal({ byText: 0, smsNumber: '+15035550142' })).toBe('text not allowed');
    expect(textRefusal({ byText: 1, smsNumber: ' ' })).toBe('no text number');
    expect(textRefusal({ byText: 1, smsNumber: null })).toBe('no text number');
  });
});
