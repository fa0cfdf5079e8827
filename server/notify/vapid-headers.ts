import webpush from 'web-push';

/** The server's VAPID key pair (RFC 8292). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How long a signed VAPID token is valid (RFC 8292 §2: at most 24 hours). */
const LIFE_S = 12 * 3_600;
/** A token this close to its expiry is signed again, so none reaches a push service expired. */
const RENEW_BEFORE_S = 5 * 60;

interface Signed {
  authorization: string;
  expiresAt: number;
}

/**
 * The VAPID `Authorization` header per push-service origin (the JWT's audience), signed once and
 * reused until shortly before it expires: an ECDSA signature costs more than the payload's
 * encryption, and 30,000 pushes to one service need one token, not 30,000. Keyed by origin, so a
 * token is only ever shown to the service it names. `now` is the real time in milliseconds (the
 * push service judges the token's `exp` by its own clock, not the portal's).
 */
export class VapidHeaders {
  private readonly signed = new Map<string, Signed>();

  constructor(
    private readonly vapid: VapidKeys,
    private readonly subject: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The header for a push to `endpoint` (its origin is the audience). */
  authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const nowS = Math.floor(this.now() / 1000);
    const known = this.signed.get(audience);
    if (known && known.expiresAt - RENEW_BEFORE_S > nowS) return known.authorization;
    const expiresAt = nowS + LIFE_S;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      expiresAt,
    );
    this.signed.set(audience, { authorization: Authorization, expiresAt });
    // Push services are few; a map past this many origins starts again rather than grow.
    if (this.signed.size > MAX_ORIGINS)
      this.signed.delete(this.signed.keys().next().value ?? audience);
    return Authorization;
  }
}

const MAX_ORIGINS = 256;
