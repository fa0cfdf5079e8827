/**
 * The frame's focus rule (issue 43): focus always has a place, for every page and every action,
 * without each component minding it.
 *
 * 1. A page change (the path changes) moves focus to the page's heading — the first visible
 *    `[data-page-focus]` in `main`, else its first visible `h1` — or, going back or up (Back, or a
 *    path that contains the one left), to the link in `main` that leads where the person came from;
 *    a hash in the address is its target instead. The new page's title is then said once in the
 *    frame's polite live region (`#page-announcer`). Focus moves without scrolling: where the page
 *    lands is the router's scroll restoration's business.
 * 2. When the element holding focus leaves the page (an item removed, a notice dismissed, a button
 *    that had done its work) focus goes to where it stood: the item now in its place in the same
 *    list (else the one before), else what is left of its item, else the status message of the
 *    nearest section or form still there, else that section's heading, else the page's heading.
 *    An element may name its own place with `data-focus-after` (an element's id).
 * 3. When it is disabled while it works (a Save button saving), focus waits; when the work ends
 *    it goes to the status message its form or section shows (saved, or what went wrong), else back
 *    to the element.
 *
 * Components that move focus themselves (the banner, the task list, dialogs, menus) do so first:
 * the rule only steps in while focus is on `<body>`.
 */

/** What the router tells the rule: a page shown, and how the history moved to it. */
export interface FocusRuleRouter {
  subscribe: (
    event: 'onResolved',
    fn: (event: {
      pathChanged: boolean;
      fromLocation?: { pathname: string; searchStr: string };
      toLocation: { pathname: string; hash: string };
    }) => void,
  ) => () => void;
  history: { subscribe: (fn: (args: { action: { type: string } }) => void) => () => void };
}

/** How long a new page's heading (or a disabled element's work) is waited for. */
const PATIENCE_MS = 10_000;
/** How long the target of an address's hash is waited for before the page's heading does. */
const HASH_PATIENCE_MS = 3_000;

const SECTIONS = 'section, form, article, dialog, [role="region"], [role="group"], main';
const STATUS = '[role="status"], [role="alert"], [aria-live]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const visible = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement &&
  el.isConnected &&
  (typeof el.checkVisibility === 'function'
    ? el.checkVisibility()
    : el.getClientRects().length > 0);

/** Focuses `el` without scrolling, making it focusable by script if it is not already. */
function place(el: HTMLElement) {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

const lost = () => document.activeElement === null || document.activeElement === document.body;

/** The page's heading: its own focus target if it names one, else its first visible h1. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  if (!main) return null;
  const named = [...main.querySelectorAll('[data-page-focus]')].find(visible);
  return named ?? [...main.querySelectorAll('h1')].find(visible) ?? null;
}

/** Where a focused element stood: its item, the item's list and place, its sections outward. */
interface Standing {
  element: HTMLElement;
  item: HTMLElement | null;
  list: HTMLElement | null;
  index: number;
  sections: HTMLElement[];
  after: string | null;
}

function standingOf(element: HTMLElement): Standing {
  const item = element.closest<HTMLElement>('li');
  const list = item?.parentElement ?? null;
  const sections: HTMLElement[] = [];
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (at.matches(SECTIONS)) sections.push(at);
    if (at.tagName === 'MAIN') break;
  }
  return {
    element,
    item,
    list,
    index: item && list ? [...list.children].indexOf(item) : -1,
    sections,
    after: element.closest('[data-focus-after]')?.getAttribute('data-focus-after') ?? null,
  };
}

function statusIn(section: HTMLElement): HTMLElement | undefined {
  return [...section.querySelectorAll(STATUS)].find(
    (el): el is HTMLElement => visible(el) && (el.textContent ?? '').trim() !== '',
  );
}

function headingOf(section: HTMLElement): HTMLElement | undefined {
  if (section.tagName === 'MAIN') return pageHeading() ?? undefined;
  const labelledBy = section.getAttribute('aria-labelledby');
  const label = labelledBy ? document.getElementById(labelledBy) : null;
  if (label && visible(label)) return label;
  return [...section.querySelectorAll('h1, h2, h3, h4, h5, h6')].find(visible);
}

/** Where focus goes once `gone` has left the page (rule 2). */
function placeAfterRemoval(gone: Standing): HTMLElement | null {
  const named = gone.after ? document.getElementById(gone.after) : null;
  if (named && visible(named)) return named;
  if (gone.item?.isConnected && visible(gone.item)) {
    return [...gone.item.querySelectorAll(FOCUSABLE)].find(visible) ?? gone.item;
  }
  if (gone.list?.isConnected) {
    const items = [...gone.list.children].filter(visible);
    const next = items[Math.min(gone.index, items.length - 1)];
    if (next) return next;
  }
  for (const section of gone.sections) {
    if (!section.isConnected || !visible(section)) continue;
    // A form says how its action went; elsewhere the section's heading says where the person is.
    const found =
      section.tagName === 'FORM' ? (statusIn(section) ?? headingOf(section)) : headingOf(section);
    if (found) return found;
  }
  return pageHeading();
}

/** Where focus goes once a disabled element's work has ended (rule 3). */
function placeAfterWork(worked: Standing): HTMLElement | null {
  // The work took the element away (a notice acknowledged): as for any removal.
  if (!worked.element.isConnected) return placeAfterRemoval(worked);
  for (const section of worked.sections) {
    if (section.tagName === 'MAIN') break;
    // The form's own status, else one beside the form (a settings group's status line).
    const status = statusIn(section) ?? (section.parentElement && statusIn(section.parentElement));
    if (status) return status;
  }
  return visible(worked.element) ? worked.element : placeAfterRemoval(worked);
}

const isUsable = (el: HTMLElement) =>
  el.isConnected && visible(el) && !el.matches(':disabled') && !el.closest('[inert]');

/**
 * Installs the rule on the document for an app's router; returns what removes it.
 */
export function installFocusRule(router: FocusRuleRouter): () => void {
  let last: Standing | null = null;
  let navigating = false;
  let lastAction = 'PUSH';
  let waiting: (() => void) | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) {
      last = standingOf(event.target);
    }
  };

  /** Calls `find` on every change to the page until it gives an element (or patience runs out). */
  const waitFor = (find: () => HTMLElement | null, then: (el: HTMLElement) => void) => {
    waiting?.();
    const started = Date.now();
    const observer = new MutationObserver(() => attempt());
    const timer = setTimeout(() => stop(), PATIENCE_MS);
    // Some waits end with time, not with a change to the page.
    const ticker = setInterval(() => attempt(), 250);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearInterval(ticker);
      if (waiting === stop) waiting = null;
    };
    const attempt = () => {
      if (Date.now() - started > PATIENCE_MS) return stop();
      const found = find();
      if (!found) return;
      stop();
      then(found);
    };
    waiting = stop;
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden', 'class', 'inert', 'aria-busy'],
    });
    attempt();
  };

  // Rule 2 and 3: checked after every change to the page, once the components have had their say.
  let checkQueued = false;
  /** The focused element was disabled while it held focus: its work is under way or just ended. */
  let working: Standing | null = null;
  const check = () => {
    checkQueued = false;
    if (navigating || !lost() || !last) return;
    const gone = last;
    if (working === gone) {
      working = null;
      waitFor(
        () =>
          gone.element.matches(':disabled') && gone.element.isConnected ? null : document.body,
        () => {
          if (!lost()) return;
          const target = placeAfterWork(gone);
          if (target) place(target);
        },
      );
      return;
    }
    if (isUsable(gone.element)) return; // Focus was let go on purpose (a click on the page).
    const target = placeAfterRemoval(gone);
    if (target) place(target);
  };
  const observer = new MutationObserver((records) => {
    const held = last;
    if (
      held &&
      records.some((r) => r.attributeName === 'disabled' && r.target === held.element) &&
      held.element.matches(':disabled')
    ) {
      working = held;
    }
    if (checkQueued) return;
    checkQueued = true;
    // After React's effects of the same change (which may place focus themselves).
    requestAnimationFrame(() => setTimeout(check));
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert'],
  });
  document.addEventListener('focusin', onFocusIn);

  // Rule 1.
  const stopHistory = router.history.subscribe(({ action }) => {
    lastAction = action.type;
  });
  const stopRouter = router.subscribe('onResolved', (event) => {
    const action = lastAction;
    lastAction = 'PUSH';
    if (!event.pathChanged || !event.fromLocation) return;
    const from = event.fromLocation.pathname;
    const fromSearch = event.fromLocation.searchStr;
    const to = event.toLocation.pathname;
    const hash = event.toLocation.hash;
    const goingBack = isGoingBack(from, to, action);
    navigating = true;
    const arrivedAt = document.activeElement;
    const asked = Date.now();
    waitFor(
      () => {
        const main = document.querySelector('main');
        if (!main) return null;
        if (hash) {
          const anchor = document.getElementById(hash);
          if (anchor && visible(anchor)) return anchor;
          // The anchor may be in a section still loading: the heading only once it is late.
          if (Date.now() - asked < HASH_PATIENCE_MS) return null;
        }
        if (goingBack) {
          const links = [...main.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
            // The router's paths leave out the app's base path (/next-steps).
            (a) => visible(a) && (a.pathname === from || a.pathname.endsWith(from)),
          );
          const link = links.find((a) => a.search === fromSearch) ?? links[0];
          if (link) return link;
        }
        return pageHeading();
      },
      (target) => {
        navigating = false;
        // The person has gone on by themselves while the page loaded: leave them there.
        const active = document.activeElement;
        if (active !== arrivedAt && active !== document.body && active?.isConnected) return;
        place(target);
        announce();
      },
    );
    setTimeout(() => (navigating = false), PATIENCE_MS);
  });

  return () => {
    waiting?.();
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    stopHistory();
    stopRouter();
  };
}

/**
 * Back, or up to a page whose path contains the one left (a post to its list). The app's root is
 * no one's parent: choosing Dashboard from the menu is a new page, whose heading takes focus
 * (issue 57), not a link on it to where the person was.
 */
export function isGoingBack(from: string, to: string, action: string): boolean {
  if (action === 'BACK') return true;
  const parent = to.replace(/\/$/, '');
  return parent !== '' && from !== to && from.startsWith(`${parent}/`);
}

/** Says the page's title once in the frame's polite live region. */
function announce() {
  const region = document.getElementById('page-announcer');
  if (!region) return;
  region.textContent = '';
  // A moment later: the page sets its title once it has rendered, and a fresh text says the same
  // title twice.
  setTimeout(() => (region.textContent = document.title), 100);
}
