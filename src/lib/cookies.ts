/**
 * The one cookie reader of both apps: the CSRF token, the demo cookies and the service worker's
 * cookie are all read through here.
 */

/** The page's cookies as the browser gives them (`a=1; b=2`); none outside a browser. */
export const documentCookies = (): string => globalThis.document?.cookie ?? '';

/** The value of the cookie `name` (URI-decoded), or null when it is not set. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}
