import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema } from '../db/schema.js';
import { isTopic } from './topics.js';
import type { Topic } from './topics.js';

const claimsSchema = z.object({ u: z.number().int().positive(), t: z.string() });

/**
 * The signed token of a one-click unsubscribe link (RFC 8058): who and which topic, under an HMAC, so
 * the link works without signing in and cannot be made for someone else. The key is derived from
 * SESSION_SECRET; without one, from a random root kept with the data, so links written before a
 * restart, or by another process, still work.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(root: string) {
    this.key = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'portal unsubscribe', 32));
  }

  static async open(
    db: Kysely<DatabaseSchema>,
    sessionSecret: string | undefined,
  ): Promise<UnsubscribeTokens> {
    if (sessionSecret) return new UnsubscribeTokens(sessionSecret);
    await db
      .insertInto('notify_keys')
      .values({ name: 'unsubscribe-root', value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('notify_keys')
      .select('value')
      .where('name', '=', 'unsubscribe-root')
      .executeTakeFirstOrThrow();
    return new UnsubscribeTokens(row.value);
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  make(userId: number, topic: Topic): string {
    const body = Buffer.from(JSON.stringify({ u: userId, t: topic })).toString('base64url');
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

  /** The person and topic of a genuine token; undefined for anything else. */
  read(token: string): { userId: number; topic: Topic } | undefined {
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
    return { userId: parsed.data.u, topic: parsed.data.t };
  }
}
