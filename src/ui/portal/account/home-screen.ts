/**
 * How a person adds the portal to the Home Screen on an iPhone or iPad, where Safari has no install
 * prompt (issue 44): said by the push control and by "Install the app", written once here.
 */
export const ADD_TO_HOME_SCREEN = 'in Safari, tap Share, then Add to Home Screen';
