/**
 * The one way an address is printed (the start-up report, `config:check`, logs): without its user
 * part (name and password) and with the values of query parameters that carry a password or key
 * (`?password=`, `?sslpassword=`, `?token=`, `?key=`) blanked, so a connection address can go to
 * any log. A value that is not an address prints as `(unreadable address)`, never as itself.
 */
const SECRET_PARAM = /pass|pwd|secret|token|key|auth/i;

export function printableUrl(address: string | URL): string {
  const url = URL.parse(String(address));
  if (!url) return '(unreadable address)';
  url.username = '';
  url.password = '';
  for (const name of new Set(url.searchParams.keys())) {
    if (SECRET_PARAM.test(name)) url.searchParams.set(name, '***');
  }
  // An origin as the operator wrote it (`https://host`), without the slash the parser adds.
  const bare = url.pathname === '/' && !url.search && !url.hash && !String(address).endsWith('/');
  return bare ? url.href.slice(0, -1) : url.href;
}

/** Whether an address carries a user part (a name or a password): a setting's refusal. */
export function hasCredentials(address: string): boolean {
  const url = URL.parse(address);
  return url !== null && (url.username !== '' || url.password !== '');
}
