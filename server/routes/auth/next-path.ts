/**
 * Whether a path is safe to send the browser to: a same-origin absolute path whose first segment is
 * not empty (`//host` is another site) and which has no backslash (browsers read `\` as `/`) and no
 * control character. Checked on what will actually be sent, after any normalisation.
 */
function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.includes('\\') || hasControlCharacter(path)) return false;
  // An encoded slash or backslash at the start becomes one again wherever the path is decoded.
  return !/^\/(%2f|%5c)/i.test(path);
}

/**
 * Where to go after sign-in: only a same-origin relative path is honoured, so the sign-in page can
 * never be used to send someone to another site. Anything else goes to the dashboard. The input is
 * checked, normalised (dot segments resolved), and the result checked again: `/.//evil.example/`
 * normalises to `//evil.example/`, which is refused.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !isLocalPath(next)) return '/';
  try {
    const base = 'http://portal.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isLocalPath(path) ? path : '/';
  } catch {
    return '/';
  }
}

function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
