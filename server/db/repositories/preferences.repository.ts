import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Preferences } from '../../../contract/preferences.schema.js';
import type { DatabaseSchema, PreferencesTable } from '../schema.js';

function toPreferences(row: Selectable<PreferencesTable>): Preferences {
  return {
    pk: row.id,
    use_profile_photo: row.use_profile_photo === 1,
    contact_by_email: row.contact_by_email === 1,
    contact_by_text: row.contact_by_text === 1,
    sms_number: row.sms_number,
  };
}

export class PreferencesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** A user's preferences, created with the defaults the first time they are asked for. */
  async forUser(userId: number): Promise<Preferences> {
    await this.db
      .insertInto('preferences')
      .values({ user_id: userId, use_profile_photo: 1, contact_by_email: 1, contact_by_text: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('preferences')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return toPreferences(row);
  }

  /** Changes the given fields of the preferences `pk` when `userId` owns them; undefined otherwise. */
  async update(
    userId: number,
    pk: number,
    change: Partial<Omit<Preferences, 'pk'>>,
  ): Promise<Preferences | undefined> {
    const set: Updateable<PreferencesTable> = {};
    if (change.use_profile_photo !== undefined)
      set.use_profile_photo = Number(change.use_profile_photo);
    if (change.contact_by_email !== undefined)
      set.contact_by_email = Number(change.contact_by_email);
    if (change.contact_by_text !== undefined) set.contact_by_text = Number(change.contact_by_text);
    if (change.sms_number !== undefined) set.sms_number = change.sms_number;
    if (Object.keys(set).length > 0) {
      await this.db
        .updateTable('preferences')
        .set(set)
        .where('id', '=', pk)
        .where('user_id', '=', userId)
        .execute();
    }
    const row = await this.db
      .selectFrom('preferences')
      .selectAll()
      .where('id', '=', pk)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toPreferences(row);
  }
}
