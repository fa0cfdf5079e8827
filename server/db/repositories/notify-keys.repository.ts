import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** Named values the notification senders keep once for every process (`notify_keys`). */
export class NotifyKeysRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The value kept under `name`: the first process to ask keeps `initial`, every later one (and
   * every other process) reads that one.
   */
  async keep(name: string, initial: string): Promise<string> {
    await this.db
      .insertInto('notify_keys')
      .values({ name, value: initial })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('notify_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
