/**
 * The browser's install prompt for the offer `public/theme.js` kept (lib/install-offer.ts): loaded
 * on the person's press of "Install the app", not with the first screen.
 */
import { INSTALL_OFFER_ATTRIBUTE, INSTALL_OFFER_KEY, keptOffer } from './install-offer.js';
import type { InstallOutcome } from './install-offer.js';

/** Forgets the kept offer: prompted once, it cannot prompt again. */
function forgetOffer() {
  window[INSTALL_OFFER_KEY] = null;
  document.documentElement.removeAttribute(INSTALL_OFFER_ATTRIBUTE);
}

const outcomeOf = (choice: unknown): InstallOutcome =>
  typeof choice === 'object' &&
  choice !== null &&
  'outcome' in choice &&
  choice.outcome === 'accepted'
    ? 'accepted'
    : 'dismissed';

/**
 * Shows the browser's install prompt for the kept offer and says what the person chose. Called on
 * the person's own press only (the browser requires it). Fails when no offer is kept. `shown`: the
 * prompt the press already opened, when this module loaded after it (the browser's user activation
 * does not wait for a chunk to load).
 */
export async function promptInstall(shown?: Promise<unknown>): Promise<InstallOutcome> {
  const offer = keptOffer();
  if (!offer) throw new Error('The browser has not offered to install the portal');
  try {
    await (shown ?? offer.prompt());
    return outcomeOf(await offer.userChoice);
  } finally {
    // Unless the browser has offered again meanwhile (it may, once a prompt is dismissed).
    if (window[INSTALL_OFFER_KEY] === offer) forgetOffer();
  }
}
