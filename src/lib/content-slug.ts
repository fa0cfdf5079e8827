/** portal.md §2: the content slug is "dashboard" for `/`, otherwise the path without its leading slash. */
export function contentSlugFor(pathname: string): string {
  const trimmed = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'dashboard' : trimmed;
}
