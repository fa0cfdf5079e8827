import { cookieValue, documentCookies } from '../lib/cookies.js';

/** The session's CSRF token, which cookie-authenticated changes send back as `x-csrf-token`. */
export function csrfToken(cookies: string = documentCookies()): string | null {
  return cookieValue(cookies, 'portal_csrf');
}

export const CSRF_HEADER = 'x-csrf-token';
