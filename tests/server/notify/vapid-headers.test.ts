import webpush from 'web-push';
import { describe, expect, it, vi } from 'vitest';
import { VapidHeaders } from '../../../server/notify/vapid-headers.js';
import { verifyVapid } from '../../fake-push/fake-push.js';

const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:no-reply@portal.example.edu';
const HOUR_MS = 3_600_000;

describe('the VAPID header per push service', () => {
  it('is signed once per push-service origin and reused for every device there within its life', () => {
    const sign = vi.spyOn(webpush, 'getVapidHeaders');
    const headers = new VapidHeaders(keys, subject);
    const first = headers.authorization('https://fcm.googleapis.com/fcm/send/device-1');
    const again = headers.authorization('https://fcm.googleapis.com/fcm/send/device-2');
    const other = headers.authorization('https://updates.push.services.mozilla.com/wpush/v2/x');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(sign).toHaveBeenCalledTimes(2);
    sign.mockRestore();
    // Each token names its own service as audience (RFC 8292 §2), is valid, and expires within 24 h.
    const claims = verifyVapid(first, keys.publicKey);
    expect(claims.aud).toBe('https://fcm.googleapis.com');
    expect(claims.sub).toBe(subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
    expect(verifyVapid(other, keys.publicKey).aud).toBe(
      'https://updates.push.services.mozilla.com',
    );
  });

  it('is signed again shortly before it expires, never sent expired', () => {
    let now = Date.now();
    const headers = new VapidHeaders(keys, subject, () => now);
    const endpoint = 'https://push.example.net/push/device-1';
    const first = headers.authorization(endpoint);
    const { exp } = verifyVapid(first, keys.publicKey);
    now = exp * 1000 - 6 * 60_000;
    expect(headers.authorization(endpoint)).toBe(first);
    now = exp * 1000 - 4 * 60_000;
    const renewed = headers.authorization(endpoint);
    expect(renewed).not.toBe(first);
    expect(verifyVapid(renewed, keys.publicKey).exp * 1000).toBeGreaterThan(exp * 1000);
  });
});
