import { toE164 } from '../../contract/phone.rules.js';
import type { PreferenceChange } from '../../contract/preferences.schema.js';

/**
 * What a change of the notification settings sends (portal.md §7: PUT /preferences/{pk} with one
 * preference field): one field per request; quiet hours two, start then end; the number as E.164 by
 * the one phone rule (contract/phone.rules.ts) in the campus's country.
 */

/** One change the person makes. */
export type ContactChange =
  | { field: 'contact_by_email' | 'contact_by_text' | 'daily_digest'; value: boolean }
  | { field: 'sms_number'; value: string | null }
  | { field: 'quiet_hours'; start: string; end: string };

/** The groups of the screen, each with its own status line. */
export type SettingsGroup = 'channels' | 'topics' | 'quiet' | 'digest';

export const groupOf = (change: ContactChange): SettingsGroup =>
  change.field === 'quiet_hours'
    ? 'quiet'
    : change.field === 'daily_digest'
      ? 'digest'
      : 'channels';

/** The typed number as E.164; `null` for no number, `undefined` for one the rule refuses. */
export const numberOf = (typed: string | null, country: string) =>
  (typed ?? '').trim() === '' ? null : toE164((typed ?? '').trim(), country);

/** What a change sends: one field per PUT. */
export function changesOf(change: ContactChange, country: string): PreferenceChange[] {
  if (change.field === 'quiet_hours') {
    return [{ quiet_hours_start: change.start }, { quiet_hours_end: change.end }];
  }
  if (change.field === 'sms_number')
    return [{ sms_number: numberOf(change.value, country) ?? null }];
  return [{ [change.field]: change.value }];
}

/** The same topics, in any order. */
export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** What a save did, as the screen says it, from the tags its machine's state carries. */
export const outcomeOf = (s: {
  hasTag: (tag: string) => boolean;
}): 'saved' | 'failed' | 'invalid-sms' | null =>
  s.hasTag('saved')
    ? 'saved'
    : s.hasTag('failed')
      ? 'failed'
      : s.hasTag('invalidNumber')
        ? 'invalid-sms'
        : null;
