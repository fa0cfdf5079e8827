import { scopeHooks } from '../../../plugins/authenticated.js';

/** The session cookie alone, no CSRF token: Next Steps' user read hands out the API token. */
export default scopeHooks({ by: 'cookie' });
