import { useEffect, type RefObject } from 'react';

/**
 * Issue 87: what the keyboard focuses is never under the bar (the view-as bar, the delegate's).
 * Its height is the root's `--view-as-bar-height`, the room the page's scrolling
 * (`scroll-padding-top`) and the skip link leave it (view-as-bar.css); a focus the browser still
 * scrolls in under it (not every scroll into view honours the padding) is brought clear once it
 * has settled.
 */
export function useClearOfBar(box: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const bar = box.current;
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--view-as-bar-height', `${bar.offsetHeight}px`);
    measure();
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    watch?.observe(bar);
    const clear = (event: FocusEvent) => {
      const focused = event.target;
      if (!(focused instanceof Element) || bar.contains(focused)) return;
      requestAnimationFrame(() => {
        const under = bar.getBoundingClientRect().bottom - focused.getBoundingClientRect().top;
        if (under > 0 && document.activeElement === focused) window.scrollBy(0, -(under + 8));
      });
    };
    document.addEventListener('focusin', clear);
    return () => {
      watch?.disconnect();
      document.removeEventListener('focusin', clear);
      root.style.removeProperty('--view-as-bar-height');
    };
  }, [box]);
}
