import { scopeHooks } from '../../plugins/authenticated.js';

/** The session cookie alone, no CSRF token: these reads hand out the API token. */
export default scopeHooks({ by: 'cookie' });
