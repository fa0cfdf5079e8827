import { LOGOUT_URL } from '../lib/login.js';
import { announceSignOut } from '../lib/session-channel.js';
import { csrfToken } from './csrf.js';

/**
 * Logs out as the backend asks (portal.md §2 "/logout"): a POST of the session's CSRF token to the
 * backend logout address, as a native form, so the browser follows the answer's redirects. A GET of
 * that address only asks "Log out?"; with no token (the session already gone) that page is where
 * the browser goes.
 */
export function submitLogout(doc: Document = document, url: string = LOGOUT_URL): void {
  // The other tabs drop what they hold of the person (issue 87).
  announceSignOut();
  const token = csrfToken(doc.cookie);
  if (!token) {
    doc.location.assign(url);
    return;
  }
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = 'csrf';
  field.value = token;
  form.append(field);
  doc.body.append(form);
  form.submit();
}
