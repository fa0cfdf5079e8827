import type { ReactNode } from 'react';
import type { ReadOnly } from '../lib/read-only.js';

/** What the notification settings show and tell (notification-settings.tsx draws them). */

/** One change the person makes; each is saved on its own, as it is made. */
export type SettingChange =
  | { field: 'contact_by_email' | 'contact_by_text' | 'daily_digest'; value: boolean }
  | { field: 'sms_number'; value: string | null }
  | { field: 'quiet_hours'; start: string; end: string };

export interface NotificationSettingsValue {
  byEmail: boolean;
  byText: boolean;
  sms: string;
  quietStart: string;
  quietEnd: string;
  dailyDigest: boolean;
  topics: Array<{ id: number; name: string }>;
  chosen: number[];
}

export interface NotificationSettingsProps {
  status: 'loading' | 'failed' | 'ready';
  value: NotificationSettingsValue | null;
  /** A save is on its way (the controls never wait for it). */
  saving: boolean;
  /** What the last save did: `saved`, `failed`, `invalid-sms` (a number we cannot text), or nothing. */
  outcome: 'saved' | 'failed' | 'invalid-sms' | null;
  /** The group of the last change: its status line says how the save went. */
  group: SettingsGroup | null;
  /** Ticked or unticked topics not saved yet (after a failed save: "Try again" saves them). */
  topicsChanged: boolean;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  /** The campus time zone's name, said beside the quiet hours ("Pacific time"). */
  zoneName: string;
  /** Web push on this device, shown among the channels when the app provides it. */
  push?: ReactNode;
  onRetry: () => void;
  onChange: (change: SettingChange) => void;
  onToggleTopic: (id: number) => void;
  onSaveTopics: () => void;
}

export type SettingsGroup = 'channels' | 'topics' | 'quiet' | 'digest';
