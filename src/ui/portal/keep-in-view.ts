/** How long a control focused after a change is kept in the window while the blocks settle. */
const SETTLE_MS = 2_000;

/**
 * Keeps `control` in the window while the blocks around it are drawn anew (issue 76: after "Done
 * customising" the toggle, focused at the end of the blocks, was pushed below the window as they
 * grew): each time `blocks` changes size while the control still has focus, it is scrolled just into
 * view, until the blocks have settled or the person moves on.
 */
export function keepInView(control: HTMLElement, blocks: HTMLElement) {
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    if (document.activeElement !== control) observer.disconnect();
    else control.scrollIntoView({ block: 'nearest' });
  });
  observer.observe(blocks);
  observer.observe(document.body);
  setTimeout(() => observer.disconnect(), SETTLE_MS);
}
