import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ADD_TO_HOME_SCREEN } from './home-screen.js';
import { ReadOnlyReason } from '../../read-only-reason.js';

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

const STATUS = {
  checking: msg`Checking this device…`,
  changing: msg`Saving…`,
  unsupported: msg`This browser cannot show notifications from the portal.`,
  homeScreenFirst: ADD_TO_HOME_SCREEN.push,
  blocked: msg`Notifications are blocked for the portal in this browser. Allow them in the site settings of your browser, then reload this page.`,
  off: msg`Off on this device.`,
  on: msg`On: this device shows emergency alerts and deadline reminders.`,
} as const satisfies Record<PushDeviceShown, unknown>;

const FAILED = {
  on: msg`Notifications could not be turned on. Please try again.`,
  off: msg`Notifications could not be turned off. Please try again.`,
  check: msg`Whether this device gets notifications could not be checked.`,
} as const;

/**
 * The room the status keeps, whatever it says (`.keeps-room` draws this text unseen beneath it): the
 * longest of what the check can end in, so the page does not move when the browser's check
 * replaces "Checking this device…", which is all the server can draw (issue 75). The Home Screen
 * advice, on an iPhone or iPad alone, is left out: its room would be a blank paragraph everywhere
 * else.
 */
function roomFor(translate: (message: MessageDescriptor) => string): string {
  const { homeScreenFirst: _onIos, ...elsewhere } = STATUS;
  return Object.values(elsewhere)
    .map((message) => translate(message))
    .reduce((longest, text) => (text.length > longest.length ? text : longest), '');
}

/**
 * Notifications on this device (web push): one switch per device, with what the browser allows
 * said plainly (not supported, blocked, on, off).
 */
export function PushDevice({ view, failed, refusal, readOnly, onChange }: PushDeviceProps) {
  const { i18n } = useLingui();
  const usable = view === 'on' || view === 'off';
  const said = failed
    ? failed === 'on' && refusal
      ? refusal
      : i18n._(FAILED[failed])
    : i18n._(STATUS[view]);
  return (
    <fieldset className="preferences preferences__device">
      <legend>
        <Trans>Notifications on this device</Trans>
      </legend>
      <label className="preferences__check">
        <input
          type="checkbox"
          checked={view === 'on'}
          disabled={!usable || readOnly !== null}
          aria-describedby="push-device-status"
          onChange={(e) => onChange(e.target.checked)}
        />
        <Trans>Show notifications on this device</Trans>
      </label>
      <p
        id="push-device-status"
        className="preferences__status keeps-room"
        role="status"
        data-room={roomFor((message) => i18n._(message))}
      >
        <span>
          {/* Read only says so even where the device has no push: why it is off too (issue 87). */}
          {readOnly ? <ReadOnlyReason readOnly={readOnly} /> : said}
          {readOnly && !usable && ` ${i18n._(STATUS[view])}`}
        </span>
      </p>
    </fieldset>
  );
}
