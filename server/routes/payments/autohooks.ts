import { scopeHooks } from '../../plugins/authenticated.js';

/**
 * Paying the bill (issue 89): the signed-in student's payments, by `Authorization: Token …`. A
 * support view may not pay (a change in a view is refused 403 read only before its body is read).
 */
export default scopeHooks({ by: 'token' });
