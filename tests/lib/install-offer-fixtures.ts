import { vi } from 'vitest';
import type { InstallOutcome } from '../../src/lib/install-offer.js';

/**
 * What Chromium's `beforeinstallprompt` carries, as an `Event`: `prompt()` (recorded) and
 * `userChoice`, which settles with the person's choice once prompted.
 */
export function fakeOffer(outcome: InstallOutcome | 'unknown') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.defineProperties(event, {
    prompt: { value: prompt },
    userChoice: { value: Promise.resolve({ outcome, platform: 'web' }) },
  });
  return { event, prompt };
}
