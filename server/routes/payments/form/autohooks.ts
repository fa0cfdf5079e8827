import { scopeHooks } from '../../../plugins/authenticated.js';

/**
 * The Pay form posted without scripts (issue 89): the student signed in by the session cookie, or a
 * delegate by theirs; the form's hidden `csrf` field is checked by the route, as the log-out form's is.
 */
export default scopeHooks({ by: 'form' });
