/**
 * Where to go after sign-in: only a same-origin relative path is honoured, so the sign-in page can
 * never be used to send someone to another site. Anything else goes to the dashboard.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  if (next.includes('\\') || hasControlCharacter(next)) return '/';
  try {
    const base = 'http://portal.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
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
