import type { Kysely, Selectable } from 'kysely';
import type { InboundIdempotencyTable } from '../inbound.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type Idempotency = Selectable<InboundIdempotencyTable>;

/** A call's hold on its key: who holds it, and for how long a silent holder keeps it. */
interface Hold {
  owner: string;
  now: Date;
  leaseMs: number;
}

/**
 * How a call under an idempotency key starts: `new` (its mark is written), `resumed` (it took over a
 * mark whose holder's lease ended: that call died, this one runs in its place) or `kept` (the record
 * another call holds or answered).
 */
type Claim = { outcome: 'new' } | { outcome: 'resumed' } | { outcome: 'kept'; record: Idempotency };

/**
 * The inbound API's idempotency records (issue 60): a key's first call claims it (`pending`, with its
 * owner and a lease the call renews while it runs, issue 71), its answer is kept (`done`) until the
 * record expires, in the store so every process agrees.
 */
export class InboundIdempotencyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Starts a call under an idempotency key (see `Claim`). */
  async claim(
    publisherId: number,
    key: string,
    bodyHash: string,
    ttlMs: number,
    hold: Hold,
  ): Promise<Claim> {
    const { now } = hold;
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
        owner: hold.owner,
        lease_until: new Date(now.getTime() + hold.leaseMs).toISOString(),
      })
      .onConflict((oc) => oc.columns(['publisher_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'new' };
    if (await this.takeOver(publisherId, key, bodyHash, hold)) return { outcome: 'resumed' };
    const record = await this.db
      .selectFrom('inbound_idempotency')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .executeTakeFirst();
    // Answered and expired between the two statements: start again.
    if (record === undefined) return this.claim(publisherId, key, bodyHash, ttlMs, hold);
    return { outcome: 'kept', record };
  }

  /**
   * Takes over a pending mark of the same body whose lease has ended, in one conditional update: of
   * two callers racing for it, the store lets one update the row (PostgreSQL reads the row again
   * after the first's lock and finds the new lease live; SQLite runs one statement at a time), so
   * exactly one runs the call. A mark without a lease (written before migration 040) has had one
   * since its `created_at`.
   */
  private async takeOver(publisherId: number, key: string, bodyHash: string, hold: Hold) {
    const at = hold.now.toISOString();
    const leaseBegan = new Date(hold.now.getTime() - hold.leaseMs).toISOString();
    const taken = await this.db
      .updateTable('inbound_idempotency')
      .set({
        owner: hold.owner,
        lease_until: new Date(hold.now.getTime() + hold.leaseMs).toISOString(),
      })
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('body_hash', '=', bodyHash)
      .where('state', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('lease_until', '<=', at),
          eb.and([eb('lease_until', 'is', null), eb('created_at', '<=', leaseBegan)]),
        ]),
      )
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /** Extends a running call's lease; false when its mark is no longer its own. */
  async renew(publisherId: number, key: string, hold: Hold): Promise<boolean> {
    const renewed = await this.db
      .updateTable('inbound_idempotency')
      .set({ lease_until: new Date(hold.now.getTime() + hold.leaseMs).toISOString() })
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('owner', '=', hold.owner)
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) > 0;
  }

  /** Keeps the call's answer; false when its mark is no longer its own. */
  async settle(
    publisherId: number,
    key: string,
    owner: string,
    status: number,
    answer: string,
  ): Promise<boolean> {
    const settled = await this.db
      .updateTable('inbound_idempotency')
      .set({ state: 'done', status, answer, owner: null, lease_until: null })
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('owner', '=', owner)
      .executeTakeFirst();
    return Number(settled.numUpdatedRows) > 0;
  }

  /** A call that failed, or was refused before it changed anything, gives its key back. */
  async release(publisherId: number, key: string, owner: string): Promise<void> {
    await this.db
      .deleteFrom('inbound_idempotency')
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('owner', '=', owner)
      .execute();
  }

  /** The record of a key, as it stands (tests and support). */
  async find(publisherId: number, key: string): Promise<Idempotency | undefined> {
    return this.db
      .selectFrom('inbound_idempotency')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .where('key', '=', key)
      .executeTakeFirst();
  }
}
