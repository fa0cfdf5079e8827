import { READ_ONLY_TEXT } from '../../../lib/read-only.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ADD_TO_HOME_SCREEN } from './home-screen.js';

export type PushDeviceShown =
  'checking' | 'changing' | 'unsupported' | 'homeScreenFirst' | 'blocked' | 'off' | 'on';

export interface PushDeviceProps {
  view: PushDeviceShown;
  /** The change or check that failed, if the last one did. */
  failed: 'on' | 'off' | 'check' | null;
  /** The portal's reason for refusing this device, shown as it wrote it. */
  refusal?: string | null;
  /** Why changes cannot be saved now (demo data, offline), or null. */
  readOnly: ReadOnly;
  onChange: (on: boolean) => void;
}

const STATUS: Record<PushDeviceShown, string> = {
  checking: 'Checking this device…',
  changing: 'Saving…',
  unsupported: 'This browser cannot show notifications from the portal.',
  homeScreenFirst: `To get notifications on this iPhone or iPad, add the portal to your Home Screen first: ${ADD_TO_HOME_SCREEN}. Then open the portal from the Home Screen and turn notifications on here.`,
  blocked:
    'Notifications are blocked for the portal in this browser. Allow them in the site settings of your browser, then reload this page.',
  off: 'Off on this device.',
  on: 'On: this device shows emergency alerts and deadline reminders.',
};

const FAILED = {
  on: 'Notifications could not be turned on. Please try again.',
  off: 'Notifications could not be turned off. Please try again.',
  check: 'Whether this device gets notifications could not be checked.',
} as const;

/**
 * Notifications on this device (web push): one switch per device, with what the browser allows
 * said plainly (not supported, blocked, on, off).
 */
export function PushDevice({ view, failed, refusal, readOnly, onChange }: PushDeviceProps) {
  const usable = view === 'on' || view === 'off';
  return (
    <fieldset className="preferences preferences__device">
      <legend>Notifications on this device</legend>
      <label className="preferences__check">
        <input
          type="checkbox"
          checked={view === 'on'}
          disabled={!usable || readOnly !== null}
          aria-describedby="push-device-status"
          onChange={(e) => onChange(e.target.checked)}
        />
        Show notifications on this device
      </label>
      <p id="push-device-status" className="preferences__status" role="status">
        {readOnly && usable
          ? READ_ONLY_TEXT[readOnly]
          : failed
            ? failed === 'on' && refusal
              ? refusal
              : FAILED[failed]
            : STATUS[view]}
      </p>
    </fieldset>
  );
}
