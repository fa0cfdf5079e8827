import { msg } from '@lingui/core/macro';

/**
 * How a person adds the portal to the Home Screen on an iPhone or iPad, where Safari has no install
 * prompt (issue 44): said by the push control and by "Install the app", each as a whole sentence.
 */
export const ADD_TO_HOME_SCREEN = {
  install: msg`To install the portal on this iPhone or iPad, in Safari, tap Share, then Add to Home Screen.`,
  push: msg`To get notifications on this iPhone or iPad, add the portal to your Home Screen first: in Safari, tap Share, then Add to Home Screen. Then open the portal from the Home Screen and turn notifications on here.`,
} as const;
