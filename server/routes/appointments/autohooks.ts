import { scopeHooks } from '../../plugins/authenticated.js';

/** Every route of this folder is for the signed-in person, by `Authorization: Token …`. */
export default scopeHooks({ by: 'token' });
