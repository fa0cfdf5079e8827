import { scopeHooks } from '../../../plugins/authenticated.js';

/** The grants API: superusers, by the session cookie with its CSRF token, as the pages' changes are. */
export default scopeHooks({ by: 'session', right: 'superuser' });
