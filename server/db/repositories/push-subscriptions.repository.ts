import type { Kysely, Selectable } from 'kysely';
import type { PushSubscriptionsTable } from '../notify.schema.js';
import type { DatabaseSchema } from '../schema.js';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The devices people turned web push on for (migration 016), and the VAPID key pair kept with them. */
export class PushSubscriptionsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Keeps a device's subscription for `userId`, at most `maxDevices` per person: past that, the
   * person's oldest device (by when it was turned on) is forgotten. Subscribing the same endpoint
   * again (new keys) replaces the person's own row and its record of failures starts over.
   *
   * An endpoint another person registered is theirs and is left untouched (`taken`): one browser
   * profile's endpoint belongs to whoever turned notifications on there, and handing it to someone
   * else on request would let anyone who learns an endpoint take the notifications (or, with keys
   * of their own, silence them). The other person turns it off first, on that browser.
   */
  async register(
    userId: number,
    s: NewPushSubscription,
    now: Date,
    maxDevices: number,
  ): Promise<{ saved: true; id: number } | { saved: false; reason: 'taken' }> {
    // One statement: the conflict's update applies only to the person's own row, so two people
    // racing for one endpoint cannot both win, and nothing is read and then written.
    const row = await this.db
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        created_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({
            p256dh: s.p256dh,
            auth: s.auth,
            created_at: now.toISOString(),
            last_success_at: null,
            failures: 0,
          })
          .where('push_subscriptions.user_id', '=', userId),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return { saved: false, reason: 'taken' };
    await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(maxDevices),
      )
      .execute();
    return { saved: true, id: row.id };
  }

  /** `register` without a cap, for planting a device directly; resolves to its id. */
  async save(userId: number, s: NewPushSubscription, now: Date): Promise<number> {
    const result = await this.register(userId, s, now, Number.MAX_SAFE_INTEGER);
    if (!result.saved) throw new Error('the endpoint is registered by another person');
    return result.id;
  }

  /** Forgets a person's device; false when they had no such subscription. */
  async removeOf(userId: number, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Forgets a subscription the push service says is gone (404 or 410). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async find(id: number): Promise<PushSubscriptionRow | undefined> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A person's devices, oldest first. */
  async ofUser(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** The devices of `userIds`, in id order. */
  async ofUsers(userIds: readonly number[]): Promise<Array<{ id: number; userId: number }>> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id as userId'])
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute();
  }

  /** Every device with push on whose id is above `id`, in id order (an emergency alert goes to each). */
  async addedAfter(id: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '>', id)
      .orderBy('id')
      .execute();
  }

  async succeeded(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set({ last_success_at: now.toISOString(), failures: 0 })
      .where('id', '=', id)
      .execute();
  }

  async failed(id: number): Promise<void> {
    await this.db
      .updateTable('push_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * The VAPID key pair every process uses: the first process to ask generates it (`generate`) and
   * keeps it in `notify_keys`; every later one, and every other process, reads that one.
   */
  async vapidKeys(
    generate: () => { publicKey: string; privateKey: string },
  ): Promise<{ publicKey: string; privateKey: string }> {
    const pair = generate();
    await this.db
      .insertInto('notify_keys')
      .values([{ name: 'vapid-keys', value: `${pair.publicKey}.${pair.privateKey}` }])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('notify_keys')
      .select('value')
      .where('name', '=', 'vapid-keys')
      .executeTakeFirstOrThrow();
    const [publicKey = '', privateKey = ''] = row.value.split('.');
    return { publicKey, privateKey };
  }
}
