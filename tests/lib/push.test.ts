import { describe, expect, it } from 'vitest';
import { base64UrlBytes } from '../../src/lib/push.js';

describe("the VAPID key as the browser's applicationServerKey", () => {
  it('base64url with - and _ and without padding becomes the bytes it encodes', () => {
    // 0xfb 0xff 0xbf is "+/+/" in base64, "-_-_" in base64url.
    expect([...base64UrlBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlBytes('AQI')]).toEqual([1, 2]);
    expect([...base64UrlBytes('AQ')]).toEqual([1]);
  });

  it('a 65-byte uncompressed P-256 key decodes whole', () => {
    const key = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 37) % 256));
    const decoded = base64UrlBytes(key.toString('base64url'));
    expect(decoded).toHaveLength(65);
    expect(Buffer.from(decoded).equals(key)).toBe(true);
  });
});
