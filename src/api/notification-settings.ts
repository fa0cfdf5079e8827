import {
  notificationTypeListSchema,
  userPreferenceListSchema,
  userPreferenceSchema,
} from '../../contract/next-steps/choices.schema.js';
import type { NotificationType, UserPreference } from '../../contract/next-steps/choices.schema.js';
import { preferencesSchema } from '../../contract/preferences.schema.js';
import type { PreferenceChange, Preferences } from '../../contract/preferences.schema.js';
import type { Http } from './client.js';

/** Everything a person chooses about reminders: the portal's preferences and Next Steps' topics. */
export interface NotificationSettings {
  preferences: Preferences;
  topics: NotificationType[];
  chosen: UserPreference;
}

/**
 * The calls of the one notification-settings screen (issue 29), the same from the portal's Account
 * page and from Next Steps' preferences: the portal's preferences record (`/api/preferences`) and
 * Next Steps' notification types and choices (`/next-steps/api`). `http` is either app's client (it
 * signs calls with the person's token); only the address prefix differs, and both are on the origin
 * of `http`'s own (the page's in the browser, the server render's on the server).
 */
export function notificationSettingsCalls(http: Http) {
  const on = (path: string) =>
    http.extend((parent) => ({ prefixUrl: new URL(path, String(parent.prefixUrl)).href }));
  const portal = on('/api');
  const nextSteps = on('/next-steps/api');
  return {
    async load(): Promise<NotificationSettings> {
      const [preferences, topics, chosen] = await Promise.all([
        portal.get('preferences/user').json(),
        nextSteps.get('notification_type/').json(),
        nextSteps.get('user_preference/').json(),
      ]);
      const [first] = userPreferenceListSchema.parse(chosen);
      if (!first) throw new Error('No Next Steps preference record');
      return {
        preferences: preferencesSchema.parse(preferences),
        topics: notificationTypeListSchema.parse(topics),
        chosen: first,
      };
    },
    /** `PUT /api/preferences/{pk}`: one field. */
    async save(pk: number, change: PreferenceChange): Promise<Preferences> {
      return preferencesSchema.parse(
        await portal.put(`preferences/${pk}`, { json: change }).json(),
      );
    },
    /** Next Steps' topics, then `updated_by_user_on` (a saved choice completes onboarding). */
    async saveTopics(pk: number, notifications: number[]): Promise<UserPreference> {
      await nextSteps.patch(`user_preference/${pk}/`, { json: { notifications } }).json();
      const json = { updated_by_user_on: new Date().toISOString() };
      return userPreferenceSchema.parse(
        await nextSteps.patch(`user_preference/${pk}/`, { json }).json(),
      );
    },
  };
}

export type NotificationSettingsCalls = ReturnType<typeof notificationSettingsCalls>;
