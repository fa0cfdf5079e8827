import type { Preferences } from '../../../../contract/preferences.schema.js';
import type { PortalContext } from '../../../routes/portal/context.js';

/**
 * Hands saved preferences to the app machine's user record, which every profile image and preference
 * control reads: a saved change shows everywhere at once (portal.md §4 photo preference).
 */
export function reportSavedPreferences(app: PortalContext['app'], preferences: Preferences) {
  app.send({ type: 'app.preferencesSaved', preferences });
}

/** portal.md §8: failures of preference calls are only logged. */
export function logPreferenceFailure(error: unknown) {
  console.warn('Saving a preference failed', error);
}
