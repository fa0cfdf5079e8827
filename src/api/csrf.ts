import { cookieValue, documentCookies } from '../lib/cookies.js';

/**
 * The session's CSRF token, which cookie-authenticated changes send back as `x-csrf-token`; for a
 * delegate, their session's (issue 89: a form they post without scripts carries it).
 */
export function csrfToken(cookies: string = documentCookies()): string | null {
  return cookieValue(cookies, 'portal_csrf') ?? cookieValue(cookies, 'portal_delegate_csrf');
}

export const CSRF_HEADER = 'x-csrf-token';
