import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { NotifyKeysRepository } from '../db/repositories/notify-keys.repository.js';
import { isTopic } from './topics.js';
import type { Topic } from './topics.js';

/** `u` the person, `t` the topic, `i` when it was issued (seconds since the epoch; absent before expiry). */
const claimsSchema = z.object({
  u: z.number().int().positive(),
  t: z.string(),
  i: z.number().int().nonnegative().optional(),
});

/** A token's reading: good, good but too old (still names its topic, for the page), or nothing. */
export type TokenReading =
  { state: 'valid'; userId: number; topic: Topic } | { state: 'expired'; topic: Topic };

export interface TokenOptions {
  clock: () => Date;
  /** How long a link works after its email was written. */
  maxAgeDays: number;
  /**
   * When the tokens without an issue time (written before links expired) count as issued: the first
   * start of a version that writes issue times on this store.
   */
  legacyIssuedAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * The signed token of a one-click unsubscribe link (RFC 8058): who, which topic and when it was
 * issued, under an HMAC, so the link works without signing in, cannot be made for someone else and
 * cannot be made younger. The key is derived from SESSION_SECRET; without one, from a random root
 * kept with the data, so links written before a restart, or by another process, still work.
 *
 * Links expire (`UNSUBSCRIBE_LINK_DAYS`, 90 by default): a forwarded or leaked email stops being a
 * standing key to someone's settings. Tokens written before expiry existed carry no issue time;
 * they count as issued when this version first started on the store, so every link already in an
 * inbox keeps working for the full period after the upgrade (a person who clicks an old email's
 * link the day after the upgrade is not refused), and then expires like the rest.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(
    root: string,
    private readonly options: TokenOptions,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'portal unsubscribe', 32));
  }

  static async open(
    keys: NotifyKeysRepository,
    sessionSecret: string | undefined,
    options: Omit<TokenOptions, 'legacyIssuedAt'>,
  ): Promise<UnsubscribeTokens> {
    const since = await keys.keep('unsubscribe-expiry-since', options.clock().toISOString());
    const root =
      sessionSecret ?? (await keys.keep('unsubscribe-root', randomBytes(32).toString('base64url')));
    return new UnsubscribeTokens(root, { ...options, legacyIssuedAt: new Date(since) });
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  make(userId: number, topic: Topic): string {
    const issued = Math.floor(this.options.clock().getTime() / 1000);
    const body = Buffer.from(JSON.stringify({ u: userId, t: topic, i: issued })).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  /**
   * A person's one-click unsubscribe link for a topic and the RFC 8058 headers that carry it: the
   * same link in every email's footer and in its `List-Unsubscribe` header.
   */
  link(publicOrigin: string, userId: number, topic: Topic) {
    const url = `${publicOrigin}/api/notify/unsubscribe?token=${encodeURIComponent(this.make(userId, topic))}`;
    return {
      url,
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** A genuine token's reading (valid or expired); undefined for anything else. */
  read(token: string): TokenReading | undefined {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const parsed = claimsSchema.safeParse(raw);
    if (!parsed.success || !isTopic(parsed.data.t)) return undefined;
    const topic = parsed.data.t;
    const issuedMs =
      parsed.data.i === undefined ? this.options.legacyIssuedAt.getTime() : parsed.data.i * 1000;
    const age = this.options.clock().getTime() - issuedMs;
    if (age > this.options.maxAgeDays * DAY_MS) return { state: 'expired', topic };
    return { state: 'valid', userId: parsed.data.u, topic };
  }
}
