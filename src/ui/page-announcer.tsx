/**
 * The frame's one polite live region: the focus rule (`pages/shared/focus-rule.ts`) says each new
 * page's title in it. A polite region with no role: the page's own status messages keep the
 * `status` role to themselves.
 */
export function PageAnnouncer() {
  return (
    <div id="page-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true" />
  );
}
