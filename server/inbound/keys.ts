import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A key as the publisher sends it: `cpk_<publisher>_` and 32 random bytes, base64url. */
const KEY_FORM = /^cpk_([a-z][a-z0-9-]{1,39})_([A-Za-z0-9_-]{43})$/;
const BEARER = /^Bearer (\S{1,200})$/;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface NewKey {
  /** Shown to staff and in the audit: not a secret. */
  id: string;
  /** The key itself: shown once, never stored. */
  key: string;
  hash: string;
}

/** A fresh key for `publisher`: 32 random bytes behind a readable prefix naming it. */
export function newKey(publisher: string): NewKey {
  const key = `cpk_${publisher}_${randomBytes(32).toString('base64url')}`;
  return { id: `k_${randomBytes(6).toString('hex')}`, key, hash: hashKey(key) };
}

/** The key of an `Authorization: Bearer …` header, when it has a key's form. */
export function bearerKey(header: string | undefined): string | undefined {
  const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
  return token !== undefined && KEY_FORM.test(token) ? token : undefined;
}

/** Whether a stored hash is the hash of `key`, compared in constant time. */
export function sameHash(stored: string, key: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashKey(key), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** At most this many live keys per publisher: one in use and its successor, for rotation. */
export const LIVE_KEYS_MAX = 2;
