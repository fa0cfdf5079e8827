/** The backend login address, carrying the original full path so sign-in returns there. */
export function loginUrl(next: string): string {
  return `/auth/sign-in?next=${encodeURIComponent(next)}`;
}

export const LOGOUT_URL = '/auth/logout';
