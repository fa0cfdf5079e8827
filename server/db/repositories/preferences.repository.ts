import type { Kysely, Selectable, Updateable } from 'kysely';
import { themeSchema } from '../../../contract/preferences.schema.js';
import { languageSchema } from '../../../contract/language.schema.js';
import type { Language } from '../../../contract/language.schema.js';
import { dashboardLayoutSchema } from '../../../contract/dashboard.schema.js';
import type { DashboardLayout } from '../../../contract/dashboard.schema.js';
import type { Preferences } from '../../../contract/preferences.schema.js';
import type { DatabaseSchema, PreferencesTable } from '../schema.js';

/** A stored layout read back with the contract's schema; one it no longer accepts is the default. */
export function layoutOf(text: string | null): DashboardLayout {
  if (text === null) return null;
  try {
    const parsed = dashboardLayoutSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const layoutText = (layout: DashboardLayout) =>
  layout === null ? null : JSON.stringify(layout);

function toPreferences(row: Selectable<PreferencesTable>): Preferences {
  return {
    pk: row.id,
    use_profile_photo: row.use_profile_photo === 1,
    contact_by_email: row.contact_by_email === 1,
    contact_by_text: row.contact_by_text === 1,
    sms_number: row.sms_number,
    // A value the contract does not know (written by hand in the store) reads as the device's setting.
    theme: themeSchema.catch('system').parse(row.theme),
    // Null: never chose (the browser's language); a code no longer offered reads as never chosen.
    language: languageSchema.nullable().catch(null).parse(row.language),
    quiet_hours_start: row.quiet_hours_start,
    quiet_hours_end: row.quiet_hours_end,
    daily_digest: row.daily_digest === 1,
    dashboard_layout: layoutOf(row.dashboard_layout),
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

  /** A person's quiet hours (campus time, `HH:MM`), or undefined before their preferences exist. */
  async quietHours(userId: number): Promise<{ start: string; end: string } | undefined> {
    return this.db
      .selectFrom('preferences')
      .select(['quiet_hours_start as start', 'quiet_hours_end as end'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Of `userIds`, those who chose the daily digest (`daily_digest`); people without preferences did not. */
  /** Everyone who chose the daily digest, in id order. */
  async dailyDigestReaders(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('preferences')
      .select('user_id')
      .where('daily_digest', '=', 1)
      .orderBy('user_id')
      .execute();
    return rows.map((row) => row.user_id);
  }

  async dailyDigestChosen(userIds: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('preferences')
      .select('user_id')
      .where('daily_digest', '=', 1)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Of `userIds`, those with preferences, with their text choice (`contact_by_text`) and number
   * (`sms_number`).
   */
  async textContacts(
    userIds: readonly number[],
  ): Promise<Array<{ userId: number; allowed: number; number: string | null }>> {
    return this.db
      .selectFrom('preferences')
      .select(['user_id as userId', 'contact_by_text as allowed', 'sms_number as number'])
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** The language a person chose (Account's Language), null when they never chose or are unknown. */
  async languageOf(userId: number): Promise<Language | null> {
    const row = await this.db
      .selectFrom('preferences')
      .select('language')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return languageSchema
      .nullable()
      .catch(null)
      .parse(row?.language ?? null);
  }

  /**
   * The language what the portal sends the person is written in (issue 76): the one they chose, else
   * the one they last signed in with (their browser's), else null (English).
   */
  async sendingLanguageOf(userId: number): Promise<Language | null> {
    const row = await this.db
      .selectFrom('preferences')
      .select(['language', 'signed_in_language'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return languageSchema
      .nullable()
      .catch(null)
      .parse(row?.language ?? row?.signed_in_language ?? null);
  }

  /** Notes the language the person signs in with (their browser's); their choice, if any, stays. */
  async noteSignInLanguage(userId: number, language: Language): Promise<void> {
    await this.db
      .insertInto('preferences')
      .values({
        user_id: userId,
        use_profile_photo: 1,
        contact_by_email: 1,
        contact_by_text: 0,
        signed_in_language: language,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ signed_in_language: language }))
      .execute();
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
    if (change.theme !== undefined) set.theme = change.theme;
    if (change.language !== undefined) set.language = change.language;
    if (change.quiet_hours_start !== undefined) set.quiet_hours_start = change.quiet_hours_start;
    if (change.quiet_hours_end !== undefined) set.quiet_hours_end = change.quiet_hours_end;
    if (change.daily_digest !== undefined) set.daily_digest = Number(change.daily_digest);
    if (change.dashboard_layout !== undefined)
      set.dashboard_layout = layoutText(change.dashboard_layout);
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
