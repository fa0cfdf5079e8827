import type { Env } from './env.js';

/**
 * View as a student (issue 73): how long a view lasts at most, whether the student gets an email of
 * each view, which office the student is told looked, and whether they are told the staff member's name.
 */
export function viewAsConfig(e: Env) {
  return {
    viewAs: {
      minutes: e.VIEW_AS_MINUTES,
      notify: e.VIEW_AS_NOTIFY === 'on',
      office: e.VIEW_AS_OFFICE,
      showName: e.VIEW_AS_SHOW_NAME === 'on',
    },
  };
}
