import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Seals and signs the short-lived sign-in cookies (the OpenID transaction, the sign-in form's CSRF
 * pair, the ID token kept for the provider's logout). With no configured secret every process makes
 * its own, which is fine for one process: a restart only means "sign in again".
 */
export class SecretBox {
  private readonly sealKey: Buffer;
  private readonly signKey: Buffer;

  constructor(secret: string | undefined) {
    const root = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
    this.sealKey = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'portal seal', 32));
    this.signKey = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'portal sign', 32));
  }

  /** HMAC of a value under a purpose, so a signature for one use never passes for another. */
  sign(purpose: string, value: string): string {
    return createHmac('sha256', this.signKey).update(`${purpose}\n${value}`).digest('base64url');
  }

  verify(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Encrypts and authenticates `value` (AES-256-GCM) until `expiresAt`; the purpose is bound in. */
  seal(purpose: string, value: unknown, expiresAt: Date): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(purpose));
    const plain = JSON.stringify({ v: value, exp: expiresAt.getTime() });
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The sealed value, or undefined when it was tampered with, made for another purpose, or expired. */
  unseal(purpose: string, sealed: string, now: Date): unknown {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 29) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const parsed: unknown = JSON.parse(plain.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || !('exp' in parsed) || !('v' in parsed)) {
        return undefined;
      }
      return typeof parsed.exp === 'number' && parsed.exp > now.getTime() ? parsed.v : undefined;
    } catch {
      return undefined;
    }
  }
}
