import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../server/auth/secret-box.js';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-21T12:10:00Z');

describe('SecretBox', () => {
  const box = new SecretBox('a-secret-that-is-long-enough-for-tests-0123');

  it('opens what it sealed until the expiry, and hides the content', () => {
    const sealed = box.seal('oidc-txn', { state: 'abc', next: '/academics' }, later);
    expect(sealed).not.toContain('academics');
    expect(box.unseal('oidc-txn', sealed, now)).toEqual({ state: 'abc', next: '/academics' });
    expect(box.unseal('oidc-txn', sealed, later)).toBeUndefined();
  });

  it('refuses a sealed value made for another purpose, tampered with, or by another secret', () => {
    const sealed = box.seal('id-token', 'token', later);
    expect(box.unseal('oidc-txn', sealed, now)).toBeUndefined();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(box.unseal('id-token', flipped, now)).toBeUndefined();
    expect(box.unseal('id-token', 'not even base64!', now)).toBeUndefined();
    expect(new SecretBox(undefined).unseal('id-token', sealed, now)).toBeUndefined();
  });

  it('verifies its own signatures only, per purpose', () => {
    const signature = box.sign('login-csrf', 'value');
    expect(box.verify('login-csrf', 'value', signature)).toBe(true);
    expect(box.verify('login-csrf', 'other', signature)).toBe(false);
    expect(box.verify('another', 'value', signature)).toBe(false);
    expect(box.verify('login-csrf', 'value', `${signature}x`)).toBe(false);
  });
});
