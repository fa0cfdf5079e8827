import type { I18n } from '@lingui/core';
import type { Problem } from '../../html/page.js';

/** The sign-in problems' shared texts, in the catalogue (issue 59). */
export const signInDidNotComplete = (i18n: I18n) =>
  i18n._({ id: 'problem.sign-in.failed', message: 'Sign-in did not complete' });
export const signInAgain = (i18n: I18n) =>
  i18n._({ id: 'problem.sign-in.again', message: 'Sign in again' });
export const noUsername = (i18n: I18n) =>
  i18n._({
    id: 'problem.sign-in.no-username',
    message: 'Your account has no username the portal can use. Please contact the help desk.',
  });
export const notVerified = (i18n: I18n) =>
  i18n._({
    id: 'problem.sign-in.not-verified',
    message: 'The answer of the sign-in service could not be verified. Please sign in again.',
  });
const signInUnavailable = (i18n: I18n) =>
  i18n._({ id: 'problem.sign-in.unavailable', message: 'Sign-in unavailable' });

/** The SIS could not be asked who is signing in: sign-in waits rather than guesses. */
export const SIS_UNAVAILABLE: Problem = {
  status: 503,
  title: signInUnavailable,
  detail: (i18n) =>
    i18n._({
      id: 'problem.sign-in.sis-unavailable',
      message: 'Your university record cannot be read right now. Please try again in a moment.',
    }),
};

/** The sign-in service (OpenID provider, SAML IdP metadata) cannot be reached. */
export const PROVIDER_UNAVAILABLE: Problem = {
  status: 503,
  title: signInUnavailable,
  detail: (i18n) =>
    i18n._({
      id: 'problem.sign-in.provider-unavailable',
      message: 'The sign-in service cannot be reached right now. Please try again in a moment.',
    }),
};
