import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Theme } from '../../contract/preferences.schema.js';

/**
 * The person's theme choice as the server-rendered pages (sign-in, log out, unsubscribe, sign-in
 * problems, the admin) read it: a cookie the server sets whenever it hands out or saves the person's
 * preferences. Those pages run no script (the admin none at all, unsubscribe's CSP forbids it), so
 * they cannot read the portal's local storage; the cookie reaches them with the request instead.
 * Only `light` or `dark` is kept: "system" clears it and the stylesheet follows the device.
 */
export const THEME_COOKIE = 'campus-portal-theme';

const YEAR_S = 365 * 24 * 60 * 60;

/** `data-theme` for <html> from the request's cookie; undefined for the device's setting. */
export function themeOf(request: FastifyRequest): 'light' | 'dark' | undefined {
  const value = request.cookies[THEME_COOKIE];
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** Keeps the person's choice for the next server-rendered page (none kept for "system"). */
export function rememberTheme(reply: FastifyReply, theme: Theme, secure: boolean) {
  const options = { path: '/', sameSite: 'lax', secure, httpOnly: true } as const;
  if (theme === 'system') {
    if (reply.request.cookies[THEME_COOKIE] !== undefined) reply.clearCookie(THEME_COOKIE, options);
    return;
  }
  if (reply.request.cookies[THEME_COOKIE] === theme) return;
  reply.setCookie(THEME_COOKIE, theme, { ...options, maxAge: YEAR_S });
}

/** Forgets the choice (log out on a shared computer: the next person starts with the device's). */
export function forgetTheme(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(THEME_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}
