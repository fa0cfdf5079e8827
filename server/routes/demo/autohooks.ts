import { scopeHooks } from '../../plugins/authenticated.js';

/** Every route of this folder is a cookie-authenticated change: the session cookie and its CSRF token. */
export default scopeHooks({ by: 'session' });
