import type { Kysely, Selectable } from 'kysely';
import type { InboundIdempotencyTable } from '../inbound.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type Idempotency = Selectable<InboundIdempotencyTable>;

/**
 * The inbound API's idempotency records (issue 60): a key's first call claims it (`pending`), its
 * answer is kept (`done`) until the record expires, in the store so every process agrees.
 */
export class InboundIdempotencyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Starts a call under an idempotency key: true when it is new, else the record kept. */
  async claim(
    publisherId: number,
    key: string,
    bodyHash: string,
    now: Date,
    ttlMs: number,
  ): Promise<true | Idempotency> {
    const at = now.toISOString();
    await this.db
      .deleteFrom('inbound_idempotency')
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('expires_at', '<=', at)
      .execute();
    const inserted = await this.db
      .insertInto('inbound_idempotency')
      .values({
        publisher_id: publisherId,
        key,
        body_hash: bodyHash,
        state: 'pending',
        created_at: at,
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      })
      .onConflict((oc) => oc.columns(['publisher_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    return this.db
      .selectFrom('inbound_idempotency')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
  }

  async settle(publisherId: number, key: string, status: number, answer: string): Promise<void> {
    await this.db
      .updateTable('inbound_idempotency')
      .set({ state: 'done', status, answer })
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .execute();
  }

  /** A call that failed before answering gives its key back. */
  async release(publisherId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('inbound_idempotency')
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .execute();
  }
}
