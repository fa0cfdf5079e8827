/** The session's CSRF token, which cookie-authenticated changes send back as `x-csrf-token`. */
export function csrfToken(cookies: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'portal_csrf') return decodeURIComponent(value.join('='));
  }
  return null;
}

export const CSRF_HEADER = 'x-csrf-token';
