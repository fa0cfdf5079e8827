/**
 * Says `text` once in the frame's polite live region (`#page-announcer`, ui/page-announcer.tsx): for
 * what changed without a new page, such as a search result for the page already open (issue 57).
 */
export function sayInFrame(text: string, doc: Document = document): void {
  const region = doc.getElementById('page-announcer');
  if (!region) return;
  region.textContent = '';
  // A moment later, so the same words said twice are said again.
  setTimeout(() => (region.textContent = text), 100);
}

/** Whether a portal address (`/academics#holds`) is the page already open, whatever its hash. */
export function isPageOpen(href: string, at: { origin: string; pathname: string; search: string }) {
  const url = new URL(href, at.origin);
  const path = (p: string) => (p === '/dashboard' ? '/' : p.replace(/(.)\/$/, '$1'));
  return (
    url.origin === at.origin && path(url.pathname) === path(at.pathname) && url.search === at.search
  );
}
